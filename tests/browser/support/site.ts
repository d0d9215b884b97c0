/** The routes the tests expect, read from content/ through the same loader the build uses. */
import { loadContent } from '../../../src/content/load';

export const content = loadContent(process.cwd());
export const SITE_NAME = content.site.name;

export interface ExpectedRoute {
  path: string;
  title: string;
}

export const pageRoutes: ExpectedRoute[] = content.pages.flatMap((p) => (p.path ? [{ path: p.path, title: p.meta.title }] : []));
/** The translated pages, at their addresses in their languages (/de/about). */
export const translatedRoutes: ExpectedRoute[] = content.translations.flatMap((t) =>
  t.pages.flatMap((p) => (p.path ? [{ path: p.path, title: p.meta.title }] : [])),
);
export const postRoutes: ExpectedRoute[] = content.blog.map((p) => ({ path: `/blog/${p.meta.id}`, title: p.meta.title }));
export const allRoutes = [...pageRoutes, ...translatedRoutes, ...postRoutes];
