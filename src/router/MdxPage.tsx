/** Renders an MDX page from content/pages: its head and breadcrumbs from the frontmatter, then its body. */
import type { ComponentType } from 'react';
import type { PageMeta } from '@/content/schema';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { mdxComponents } from '@/components/mdx/components';
import { breadcrumbTrail } from '@/head/breadcrumbs';
import { cardAlt, usePageHead } from '@/head/page-head';
import { cardPath, pageHasOwnCard } from '@/head/social-card';
import { breadcrumbList, structuredDataFor } from '@/head/structured-data';
import { Island } from '@/runtime/islands/island';
import { PageMetaContext } from './page-meta';

export function MdxPage({ meta, Content }: { meta: PageMeta; Content: ComponentType<{ components?: Record<string, unknown> }> }) {
  const isHome = meta.path === '/';
  // The not-found page has no path of its own: no canonical, no trail.
  const trail = meta.path && !isHome ? breadcrumbTrail(meta.path, meta.breadcrumb ?? meta.title) : null;
  const card = pageHasOwnCard(meta) ? { image: cardPath(meta.path), imageAlt: cardAlt(meta.title) } : {};
  usePageHead({ ...meta, ...card, jsonLd: [...structuredDataFor(meta), ...(trail ? [breadcrumbList(trail)] : [])] });
  const page = (
    <PageMetaContext.Provider value={meta}>
      <div className={isHome ? undefined : 'page prose-page'}>
        {trail && <Breadcrumbs trail={trail} />}
        <Content components={mdxComponents} />
      </div>
    </PageMetaContext.Provider>
  );
  // The not-found page answers every unknown URL, /blog/<id> of a post added in this browser too.
  return meta.path === null ? <Island name="NotFoundOrStoredPost">{page}</Island> : page;
}
