/** Building blocks editors use in MDX pages (content/README.md says how to use them). */
import type { CSSProperties, ReactNode } from 'react';
import { badgeNames, statLabel, useUi } from '@/ui/i18n/ui';
import { site } from '@/shared/site';
import { WholeFigures } from '@/ui/i18n/WholeFigures';
import { Image } from '../ui/Image';
import { SmartLink } from '../ui/links';
import { StatTileList } from './StatTileList';

export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="card-grid not-prose">{children}</div>;
}

export function Card({ title, to, children }: { title: string; to?: string; children?: ReactNode }) {
  return (
    <div className="card">
      <h3 className="card-title">{to ? <SmartLink href={to}>{title}</SmartLink> : <WholeFigures text={title} />}</h3>
      <div className="card-body">{children}</div>
    </div>
  );
}

/**
 * `priority` marks a figure in the page's first screen: the pre-render draws an SVG illustration
 * inline in the HTML (src/build/pipeline/inline-image.ts); any other image loads at once, with high priority.
 */
export function Figure({
  src,
  alt,
  width,
  height,
  caption,
  priority = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  caption?: string;
  priority?: boolean;
}) {
  return (
    <figure className="figure" style={{ '--figure-max-width': `${(30 * width) / height}rem` } as CSSProperties}>
      <Image src={src} alt={alt} width={width} height={height} priority={priority} />
      {caption && (
        <figcaption>
          <WholeFigures text={caption} />
        </figcaption>
      )}
    </figure>
  );
}

/** The site configuration's four figures, labelled in the page's language; the home page shows them too. */
export function StatTiles() {
  const { code } = useUi();
  return <StatTileList labelOf={(label) => statLabel(code, label)} />;
}

export function TrustBadges() {
  const { code, strings } = useUi();
  return (
    <ul className="badges not-prose" aria-label={strings.home.badges}>
      {badgeNames(code).map((badge) => (
        <li key={badge} className="badge">
          {badge}
        </li>
      ))}
      {site.makeInIndia && <li className="badge badge-accent">Make in India</li>}
    </ul>
  );
}
