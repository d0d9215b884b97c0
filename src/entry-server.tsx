/**
 * Server entry, used only by scripts/prerender.ts: renders one URL into the HTML template with
 * its complete head. The route modules the URL matches are preloaded first, so the HTML holds
 * the whole page and the client hydrates the same tree.
 */
import { UnheadProvider, createHead, transformHtmlTemplate } from '@unhead/react/server';
import type { ComponentProps, ComponentType } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, type RouteObject } from 'react-router';
import { AppShell } from './App';
import { preloadLayout } from './layouts/RootLayout';
import { preloadRoutes } from './router/route-module';
import pages from '~react-pages';
import blogPosts from 'virtual:content/blog';
import { routes } from './router/routes';
import { absoluteUrl } from './site';

export { THEME_INIT_SCRIPT } from './theme/theme';
export { site } from './site';

const postModules = import.meta.glob<{ default: ComponentType<{ components?: object }> }>('/content/blog/*.mdx');
// Feed readers have no router: links become absolute URLs, images absolute too.
const feedComponents = {
  a: ({ href = '', children, ...rest }: ComponentProps<'a'>) => (
    <a href={href.startsWith('/') ? absoluteUrl(href) : href} {...rest}>
      {children}
    </a>
  ),
  img: ({ src = '', alt = '', ...rest }: ComponentProps<'img'>) => (
    <img src={typeof src === 'string' && src.startsWith('/') ? absoluteUrl(src) : src} alt={alt} {...rest} />
  ),
};

/** A built-in post's body as static HTML, for the feed's full content. */
export async function renderPostHtml(file: string): Promise<string> {
  const { default: Body } = await postModules[`/content/blog/${file}`]();
  return renderToStaticMarkup(<Body components={feedComponents} />);
}

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

/** Every path the pre-render writes (server only: the client never needs the full post list): the static routes and each built-in blog post. */
export function prerenderPaths(): string[] {
  const paths = new Set(staticPathsOf(pages));
  for (const post of blogPosts) paths.add(`/blog/${post.id}`);
  return [...paths].sort();
}

export interface Rendered {
  html: string;
  /** Route files rendered (e.g. `/content/pages/about.mdx`), for modulepreload links. */
  files: string[];
}

export async function renderPage(url: string, template: string): Promise<Rendered> {
  const request = new Request(new URL(url, 'http://prerender.local'));
  const handler = createStaticHandler(routes);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`Unexpected redirect while rendering ${url}`);
  const pathname = new URL(request.url).pathname;
  const [files] = await Promise.all([preloadRoutes(routes, pathname), preloadLayout(pathname)]);
  const router = createStaticRouter(handler.dataRoutes, context);
  const head = createHead();
  const app = renderToString(
    <AppShell>
      <UnheadProvider value={head}>
        {/* hydrate={false}: no inline hydration-data script; the CSP allows only the theme script inline. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </UnheadProvider>
    </AppShell>,
  );
  const html = await transformHtmlTemplate(head, template.replace('<!--app-html-->', app));
  return { html, files };
}
