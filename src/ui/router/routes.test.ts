/** Which file-based route renders a path: static segments first, then params, then the not-found catch-all. */
import { describe, expect, it } from 'vitest';
import { matchRoute, routes, staticPaths } from './routes';

const fileFor = (path: string) => matchRoute(routes, path)?.route.file;

describe('matchRoute', () => {
  it('finds the page of every static path, ignoring a trailing slash and case', () => {
    expect(fileFor('/')).toBe('/content/pages/index.mdx');
    expect(fileFor('/about')).toBe('/content/pages/about.mdx');
    expect(fileFor('/About/')).toBe('/content/pages/about.mdx');
    expect(fileFor('/region/eu')).toBe('/content/pages/region/eu.mdx');
    expect(fileFor('/blog')).toBe('/content/pages/blog/index.mdx');
  });

  it('passes params to dynamic routes, and prefers a static segment to a param', () => {
    expect(matchRoute(routes, '/blog/7')).toMatchObject({ params: { id: '7' } });
    expect(fileFor('/blog/7')).toBe('/src/ui/pages/blog/[id].tsx');
    expect(matchRoute(routes, '/blog/page/3')).toMatchObject({ params: { n: '3' } });
    expect(fileFor('/admin/login')).toBe('/content/pages/admin/login.mdx');
  });

  it('has a search page in every language', () => {
    expect(fileFor('/search')).toBe('/src/ui/pages/search.tsx');
    expect(fileFor('/de/search')).toBe('/src/ui/pages/de/search.tsx');
    expect(fileFor('/ar/search')).toBe('/src/ui/pages/ar/search.tsx');
    expect(staticPaths()).toEqual(expect.arrayContaining(['/search', '/de/search', '/ar/search']));
  });

  it('sends everything else to the not-found page', () => {
    for (const path of ['/nope', '/region/xx', '/blog/1/extra', '/garlic-powder/more']) expect(fileFor(path), path).toBe('/content/pages/[...all].mdx');
  });
});

describe('staticPaths', () => {
  it('lists every page without params, and no catch-all', () => {
    const paths = staticPaths();
    expect(paths).toContain('/');
    expect(paths).toContain('/region/mena');
    expect(paths.some((p) => p.includes(':') || p.includes('*'))).toBe(false);
  });
});
