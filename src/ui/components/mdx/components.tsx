/**
 * The one MDX component map: every page body gets these without importing them. External links
 * open safely, headings get stable ids for deep links, and wide
 * tables scroll on phones instead of overflowing the page. Sections that belong to a feature (the
 * home page, the blog list) are added by the page renderer (src/ui/router/MdxPage.tsx), since shared
 * components import no feature.
 */
import type { ReactNode } from 'react';
import { Island } from '@/browser/runtime/islands/island';
import { ButtonLink, SmartLink } from '../ui/links';
import { ScrollingTable } from '../ui/TableScroll';
import { anchorId, textOf } from '../ui/slug';
import { Card, CardGrid, Figure, StatTiles, TrustBadges } from './blocks';
import { Callout } from './Callout';
import { CredentialsTable } from './CredentialsTable';
import { Fact } from './Fact';
import { ProductSpecs } from './ProductSpecs';

function heading(Tag: 'h2' | 'h3') {
  return function Heading({ children }: { children?: ReactNode }) {
    return <Tag id={anchorId(textOf(children))}>{children}</Tag>;
  };
}

export const mdxComponents = {
  a: SmartLink,
  h2: heading('h2'),
  h3: heading('h3'),
  table: ScrollingTable,
  ButtonLink,
  Callout,
  Card,
  CardGrid,
  CredentialsTable,
  Fact,
  Figure,
  Island,
  ProductSpecs,
  StatTiles,
  TrustBadges,
};
