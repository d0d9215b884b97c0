/** Renders an MDX page from content/pages: its head and breadcrumbs from the frontmatter, then its body. */
import type { ComponentType } from 'react';
import type { PageMeta } from '@/build/content/schema';
import { Breadcrumbs } from '@/ui/components/Breadcrumbs';
import { mdxComponents } from '@/ui/components/mdx/components';
import { BlogIndex } from '@/ui/features/blog/BlogIndex';
import { HomePage } from '@/ui/features/home/HomePage';
import { breadcrumbTrail } from '@/ui/head/breadcrumbs';
import { defaultPathOf } from '@/shared/i18n/languages';
import { cardAlt, usePageHead } from '@/ui/head/page-head';
import { cardPath, pageHasOwnCard } from '@/ui/head/social-card';
import { breadcrumbList, structuredDataFor } from '@/ui/head/structured-data';
import { Island } from '@/browser/runtime/islands/island';
import { PageMetaContext } from './page-meta';

/** What a page body may use: the shared components and the feature sections a page places by name. */
const pageComponents = { ...mdxComponents, BlogIndex, HomePage };

export function MdxPage({ meta, Content }: { meta: PageMeta; Content: ComponentType<{ components?: Record<string, unknown> }> }) {
  const isHome = meta.path !== null && defaultPathOf(meta.path) === '/';
  // The not-found page has no path of its own: no canonical, no trail.
  const trail = meta.path && !isHome ? breadcrumbTrail(meta.path, meta.breadcrumb ?? meta.title) : null;
  const card = pageHasOwnCard(meta) ? { image: cardPath(meta.path), imageAlt: cardAlt(meta.title) } : {};
  usePageHead({ ...meta, ...card, jsonLd: [...structuredDataFor(meta), ...(trail ? [breadcrumbList(trail)] : [])] });
  const page = (
    <PageMetaContext.Provider value={meta}>
      <div className={isHome ? undefined : 'page prose-page'}>
        {trail && <Breadcrumbs trail={trail} />}
        <Content components={pageComponents} />
      </div>
    </PageMetaContext.Provider>
  );
  // The not-found page answers every unknown URL, /blog/<id> of a post added in this browser too.
  return meta.path === null ? <Island name="NotFoundOrStoredPost">{page}</Island> : page;
}
