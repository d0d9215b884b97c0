/**
 * The route tree: the file-based routes from content/pages and src/pages (vite-plugin-pages)
 * inside the root layout, with the error page for anything that throws.
 */
import type { RouteObject } from 'react-router';
import pages from '~react-pages';
import blogPosts from 'virtual:content/blog';
import { RootLayout } from '@/layouts/RootLayout';
import { RouteError } from './RouteError';

export const routes: RouteObject[] = [{ element: <RootLayout />, errorElement: <RouteError />, children: pages }];

/** Every concrete path of the file-based routes (no params, no catch-all), e.g. `/region/eu`. */
function staticPathsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const segment = route.path ?? '';
    if (segment.includes(':') || segment.includes('*')) return [];
    const path = `${parent}/${segment}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
    const own = route.element ? [path] : [];
    return [...own, ...staticPathsOf(route.children ?? [], path)];
  });
}

/** Every path the pre-render writes: the static routes and each built-in blog post. */
export function prerenderPaths(): string[] {
  const paths = new Set(staticPathsOf(pages));
  for (const post of blogPosts) paths.add(`/blog/${post.id}`);
  return [...paths].sort();
}
