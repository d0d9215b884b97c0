/** Which file-based route renders a path: static segments first, then params, then the not-found catch-all. */
import { describe, expect, it } from 'vitest';
import { matchRoute, routes, staticPaths } from './routes';
import { eachReturns, eachReturnsSame } from '../../../tests/support/each-returns';

const fileFor = (path: string) => matchRoute(routes, path)?.route.file;

describe('matchRoute', () => {
  eachReturns('finds the page of every static path, with or without a trailing slash: %s', fileFor, [
    ['/', '/content/pages/index.mdx'],
    ['/about', '/content/pages/about.mdx'],
    ['/about/', '/content/pages/about.mdx'],
    ['/region/eu', '/content/pages/region/eu.mdx'],
    ['/blog', '/content/pages/blog/index.mdx'],
  ]);

  it('passes params to dynamic routes, and prefers a static segment to a param', () => {
    expect(matchRoute(routes, '/blog/7')).toMatchObject({ params: { id: '7' } });
    expect(fileFor('/blog/7')).toBe('/src/ui/pages/blog/[id].tsx');
    expect(matchRoute(routes, '/blog/page/3')).toMatchObject({ params: { n: '3' } });
    expect(fileFor('/admin/login')).toBe('/content/pages/admin/login.mdx');
  });

  it.each([
    ['/search', '/src/ui/pages/search.tsx'],
    ['/de/search', '/src/ui/pages/de/search.tsx'],
    ['/ar/search', '/src/ui/pages/ar/search.tsx'],
  ])('has a search page in every language: %s', (path, file) => {
    expect(fileFor(path)).toBe(file);
    expect(staticPaths()).toContain(path);
  });

  eachReturnsSame(
    'sends everything else to the not-found page, a path in other letter case too: %s',
    fileFor,
    ['/nope', '/region/xx', '/blog/1/extra', '/garlic-powder/more', '/About', '/Blog/1', '/DE/'],
    '/content/pages/[...all].mdx',
  );
});

describe('staticPaths', () => {
  it('lists every page without params, and no catch-all', () => {
    const paths = staticPaths();
    expect(paths).toContain('/');
    expect(paths).toContain('/region/mena');
    expect(paths.some((p) => p.includes(':') || p.includes('*'))).toBe(false);
  });
});
