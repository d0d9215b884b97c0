/**
 * The file-based routes (vite-plugin-pages over content/pages and src/ui/pages) as a flat list, and
 * the one lookup the pre-render needs: which route renders a path, with its params. A static
 * segment beats a `:param`, which beats a catch-all (a not-found page: `*`, or `de/*` for a
 * language's, which beats `*` under /de/). Case counts, as on every host (their file systems do):
 * the dev server answers /About with the not-found page, as the build's hosts do.
 */
import pages from '~react-pages';
import type { PreloadableRoute } from './route-module';

export interface RouteTreeNode {
  path?: string;
  element?: { type: unknown } | null;
  children?: RouteTreeNode[];
}

interface PageRoute {
  /** e.g. ['blog', ':id'], ['region', 'eu'], [] for the home page, ['*'] for not-found. */
  segments: string[];
  route: PreloadableRoute;
}

interface RouteMatch {
  route: PreloadableRoute;
  params: Record<string, string>;
}

function flattenRoutes(tree: RouteTreeNode[], parent: string[] = []): PageRoute[] {
  return tree.flatMap((node) => {
    const segments = [...parent, ...(node.path ?? '').split('/').filter(Boolean)];
    const own = node.element ? [{ segments, route: node.element.type as PreloadableRoute }] : [];
    return [...own, ...flattenRoutes(node.children ?? [], segments)];
  });
}

function score(route: PageRoute, parts: string[]): number | null {
  const { segments } = route;
  // A catch-all (a not-found page) takes what no page claims under its prefix (/de/* before *).
  if (segments.at(-1) === '*') {
    const prefix = segments.slice(0, -1);
    return prefix.every((segment, i) => segment === parts[i]) ? prefix.length / 2 : null;
  }
  if (segments.length !== parts.length) return null;
  let total = 1;
  for (const [i, segment] of segments.entries()) {
    if (segment.startsWith(':')) total += 1;
    else if (segment === parts[i]) total += 2;
    else return null;
  }
  return total;
}

export function matchRoute(routes: PageRoute[], pathname: string): RouteMatch | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  let best: { route: PageRoute; score: number } | null = null;
  for (const route of routes) {
    const s = score(route, parts);
    if (s !== null && (!best || s > best.score)) best = { route, score: s };
  }
  if (!best) return null;
  const params: Record<string, string> = {};
  best.route.segments.forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = parts[i];
  });
  return { route: best.route.route, params };
}

export const routes: PageRoute[] = flattenRoutes(pages as RouteTreeNode[]);

/** Every concrete path of the file-based routes (no params, no catch-all), e.g. `/region/eu`. */
export function staticPaths(list: PageRoute[] = routes): string[] {
  return list.filter((r) => !r.segments.some((s) => s.startsWith(':') || s === '*')).map((r) => `/${r.segments.join('/')}`);
}
