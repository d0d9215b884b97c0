/** Renders an MDX page from content/pages: its head and breadcrumbs from the frontmatter, then its body. */
import type { ComponentType } from 'react';
import type { PageMeta } from '@/content/schema';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { mdxComponents } from '@/components/mdx/components';
import { BlogIndex } from '@/features/blog/BlogIndex';
import { HomePage } from '@/features/home/HomePage';
import { breadcrumbTrail } from '@/head/breadcrumbs';
import { defaultPathOf } from '@/i18n/languages';
import { cardAlt, usePageHead } from '@/head/page-head';
import { cardPath, pageHasOwnCard } from '@/head/social-card';
import { breadcrumbList, structuredDataFor } from '@/head/structured-data';
import { Island } from '@/runtime/islands/island';
import { PageMetaContext } from './page-meta';

/** What a page body may use: the shared components and the feature sections a page places by name. */
const pageComponents = { ...mdxComponents, BlogIndex, HomePage };

export function MdxPage({ meta, Content }: { meta: PageMeta; Content: ComponentType<{ components?: Record<string, unknown> }> }) {
  const isHome = meta.path !== null && defaultPathOf(meta.path) === '/';
  // The not-found page has no path of its own: no canonical, no trail.
  const trail = meta.path && !isHome ? breadcrumbTrail(meta.path, meta.breadcrumb ?? meta.title) : null;
  // A product's own card shows its English title: a translation keeps the site's default card.
  const translated = meta.path !== null && defaultPathOf(meta.path) !== meta.path;
  const card = pageHasOwnCard(meta) && !translated ? { image: cardPath(meta.path), imageAlt: cardAlt(meta.title) } : {};
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
