/**
 * Server entry: scripts/prerender.ts renders every URL with it into the HTML template, with its
 * complete head, then the page's islands on their own roots (src/browser/runtime/islands). The server of
 * `npm start` imports the same bundle to render the posts added through the admin API
 * (src/server/site/), so those pages have the layout and head of the built-in ones.
 */
import { UnheadProvider, createHead, transformHtmlTemplate } from '@unhead/react/server';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import blogPosts from 'virtual:content/blog';
import { BlogPostView } from './features/blog/BlogPostView';
import PostMarkdown from './features/blog/PostMarkdown';
import { pageCount, pagePath } from './features/blog/blog-pages';
import type { BlogPost } from '../shared/domain/posts/post';
import { Fact } from './components/mdx/Fact';
import { PageShell } from './layouts/PageShell';
import { LocationProvider, RouteParamsProvider } from './router/location';
import type { Params } from './router/location';
import { matchRoute, routes, staticPaths } from './router/routes';
import { IslandCollector, IslandContext } from '../browser/runtime/islands/island';
import { renderIslands } from '../browser/runtime/islands/render';
import type { RenderedPage, ServerBundle } from '../build/pipeline/server-bundle';
import { absoluteUrl, site } from '../shared/site';

export { site };

const postModules = import.meta.glob<{ default: ComponentType<{ components?: object }> }>('/content/blog/*.mdx');
// Feed readers have no site around the post: links become absolute URLs, images absolute too.
const feedComponents = {
  a: ({ href = '', children, ...rest }: ComponentProps<'a'>) => (
    <a href={href.startsWith('/') ? absoluteUrl(href) : href} {...rest}>
      {children}
    </a>
  ),
  img: ({ src = '', alt = '', ...rest }: ComponentProps<'img'>) => (
    <img src={typeof src === 'string' && src.startsWith('/') ? absoluteUrl(src) : src} alt={alt} {...rest} />
  ),
  // A post states the facts of content/facts.yaml as <Fact />: plain text, in the posts' language.
  Fact,
};

/** A built-in post's body as static HTML, for the feed's full content. */
export async function renderPostHtml(file: string): Promise<string> {
  const { default: Body } = await postModules[`/content/blog/${file}`]();
  return renderToStaticMarkup(<Body components={feedComponents} />);
}

/** Every path the pre-render writes: the static routes, each built-in blog post and each page of the blog list after the first. */
export function prerenderPaths(): string[] {
  const paths = new Set(staticPaths());
  for (const post of blogPosts) paths.add(`/blog/${post.id}`);
  for (let page = 2; page <= pageCount(blogPosts.length); page++) paths.add(pagePath(page));
  return [...paths].sort();
}

/** Renders `content` as the page at `pathname`: the shell, the head, the islands. */
async function renderInShell(pathname: string, params: Params, content: ReactNode, template: string): Promise<RenderedPage> {
  const head = createHead();
  const islands = new IslandCollector();
  // What the page and its islands both render inside.
  const wrap = (node: ReactNode) => (
    <UnheadProvider value={head}>
      <LocationProvider value={pathname}>
        <RouteParamsProvider value={params}>{node}</RouteParamsProvider>
      </LocationProvider>
    </UnheadProvider>
  );
  const page = renderToString(
    <StrictMode>
      <IslandContext value={islands}>{wrap(<PageShell pathname={pathname}>{content}</PageShell>)}</IslandContext>
    </StrictMode>,
  );
  const body = renderIslands(page, islands, wrap);
  // By a function: in a replacement string, a page's $` $' or $& (a post's price in US$, say) would
  // stand for parts of the template and copy them into the page.
  const html = await transformHtmlTemplate(
    head,
    template.replace('<!--app-html-->', () => body),
  );
  return { html, islands: islands.islands.map((island) => island.name) };
}

export async function renderPage(url: string, template: string): Promise<RenderedPage> {
  const pathname = new URL(url, 'http://prerender.local').pathname;
  const match = matchRoute(routes, pathname);
  if (!match) throw new Error(`No route renders ${pathname}`);
  await match.route.preload(match.params);
  const Page = match.route;
  return renderInShell(pathname, match.params, <Page />, template);
}

/**
 * The page of a post added through the admin API, as the server of `npm start` answers
 * /blog/<id>: the built-in posts' layout and head (indexable: every visitor sees it), its
 * markdown rendered without raw HTML.
 */
export async function renderServerPostPage(post: BlogPost, template: string): Promise<RenderedPage> {
  const pathname = `/blog/${post.id}`;
  const content = (
    <BlogPostView post={post}>
      <PostMarkdown content={post.content} />
    </BlogPostView>
  );
  return renderInShell(pathname, { id: String(post.id) }, content, template);
}

/** A server post's body as static HTML for the feed; site paths become absolute URLs, as in built-in posts' feed content. */
export async function renderServerPostHtml(post: BlogPost): Promise<string> {
  return renderToStaticMarkup(<PostMarkdown content={post.content} />).replace(
    / (href|src)="\/(?!\/)/g,
    (_, attribute: string) => ` ${attribute}="${absoluteUrl('/')}/`,
  );
}

// The bundle's exports, checked against the one interface its three users import.
({ site, prerenderPaths, renderPage, renderPostHtml, renderServerPostPage, renderServerPostHtml }) satisfies ServerBundle;
