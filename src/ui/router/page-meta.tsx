/** The current MDX page's validated frontmatter, for components inside its body (specs, home sections). */
import { createContext, useContext } from 'react';
import type { PageMeta } from '@/build/content/schema';

export const PageMetaContext = createContext<PageMeta | null>(null);

export function usePageMeta(): PageMeta {
  const meta = useContext(PageMetaContext);
  if (!meta) throw new Error('usePageMeta must be used inside an MDX page (PageMetaContext.Provider is missing)');
  return meta;
}
