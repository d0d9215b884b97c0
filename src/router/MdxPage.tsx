/** Renders an MDX page from content/pages: its head from the frontmatter, then its body. */
import type { ComponentType } from 'react';
import type { PageMeta } from '@/content/schema';
import { mdxComponents } from '@/components/mdx/components';
import { usePageHead } from '@/head/page-head';
import { PageMetaContext } from './page-meta';

export function MdxPage({ meta, Content }: { meta: PageMeta; Content: ComponentType<{ components?: Record<string, unknown> }> }) {
  usePageHead({ ...meta, path: meta.path ?? '/404' });
  return (
    <PageMetaContext.Provider value={meta}>
      <div className={meta.path === '/' ? undefined : 'page prose-page'}>
        <Content components={mdxComponents} />
      </div>
    </PageMetaContext.Provider>
  );
}
