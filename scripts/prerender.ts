/**
 * Pre-renders every route to static HTML after `vite build` (client) and the SSR build.
 * Run: npm run build (it runs this last). Writes dist/<path>/index.html for every route and
 * built-in blog post, dist/404.html, and dist/_headers (security and caching headers).
 *
 * The client build's dist/index.html is the template; it is kept in dist-ssr/template.html so that a
 * second run still finds the template after the home page has overwritten dist/index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadContent } from '../src/content/load';
import { DIST_DIR, SSR_DIR } from './lib/build-paths';
import { robotsTxt, rssXml, sitemapXml } from './lib/discovery-files';
import { contentSecurityPolicy, formatHeadersFile, hostHeaderRules } from './lib/host-headers';
import { generateServiceWorker } from './lib/service-worker';
import { AB_INIT_SCRIPT } from '../src/experiments/assign';

// React's production server build: faster, and what the site really ships.
process.env.NODE_ENV ??= 'production';

const root = process.cwd();
const dist = DIST_DIR;
const ssrDir = SSR_DIR;
/** Rendered into 404.html: any path no route claims. */
const NOT_FOUND_URL = '/404';

function readTemplate(): string {
  const built = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const saved = path.join(ssrDir, 'template.html');
  if (built.includes('<!--app-html-->')) {
    fs.writeFileSync(saved, built);
    return built;
  }
  return fs.readFileSync(saved, 'utf8');
}

/** Vite's SSR manifest maps source files to the client chunks they need. */
function readManifest(): Record<string, string[]> {
  const file = path.join(dist, '.vite/ssr-manifest.json');
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
}

function modulePreloads(files: string[], manifest: Record<string, string[]>, template: string): string {
  const chunks = new Set(files.flatMap((file) => manifest[file.replace(/^\//, '')] ?? []).filter((f) => f.endsWith('.js')));
  return [...chunks]
    .filter((chunk) => !template.includes(chunk))
    .map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}">`)
    .join('');
}

function outFile(urlPath: string): string {
  return urlPath === '/' ? path.join(dist, 'index.html') : path.join(dist, urlPath.slice(1), 'index.html');
}

/** sitemap.xml (indexable routes only), robots.txt and the blog feed, from the content index. */
async function writeDiscoveryFiles(server: { site: { name: string; url: string; description: string }; renderPostHtml: (file: string) => Promise<string> }) {
  const { pages, blog } = loadContent(root);
  const newest = blog[0]?.meta.date;
  const entries = [
    ...pages.filter((p) => p.path !== null && !p.meta.noindex).map((p) => ({ path: p.path as string, lastmod: p.path === '/blog' ? newest : undefined })),
    ...blog.map((p) => ({ path: `/blog/${p.meta.id}`, lastmod: p.meta.date })),
  ].sort((a, b) => a.path.localeCompare(b.path));
  fs.writeFileSync(path.join(dist, 'sitemap.xml'), sitemapXml(server.site.url, entries));
  fs.writeFileSync(path.join(dist, 'robots.txt'), robotsTxt(server.site.url));
  const items = await Promise.all(blog.map(async (p) => ({ ...p.meta, html: await server.renderPostHtml(path.basename(p.file)) })));
  fs.mkdirSync(path.join(dist, 'blog'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'blog/feed.xml'), rssXml(server.site, items));
}

export async function prerender(): Promise<number> {
  const started = performance.now();
  const template = readTemplate();
  const manifest = readManifest();
  const server = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
  const paths: string[] = server.prerenderPaths();

  const write = async (urlPath: string, file: string, notFound = false) => {
    const { html, files } = await server.renderPage(urlPath, template);
    let page = html.replace('</head>', `${modulePreloads(files, manifest, template)}</head>`);
    // 404.html answers every unknown URL: the client keeps it as rendered until it has hydrated.
    if (notFound) page = page.replace('<html', '<html data-page="not-found"');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page);
  };
  for (const urlPath of paths) await write(urlPath, outFile(urlPath));
  await write(NOT_FOUND_URL, path.join(dist, '404.html'), true);

  await writeDiscoveryFiles(server);
  // After the pages are written, so the service worker precaches them (STACK.md).
  await generateServiceWorker(dist);

  const leadOrigin = process.env.LEAD_ENDPOINT ? [new URL(process.env.LEAD_ENDPOINT).origin] : [];
  if (!leadOrigin.length)
    console.warn('Warning: LEAD_ENDPOINT is not set: form submissions stay in the visitor\'s browser and never reach the company (README, "Lead endpoint").');
  const csp = contentSecurityPolicy([server.THEME_INIT_SCRIPT, AB_INIT_SCRIPT], leadOrigin);
  fs.writeFileSync(path.join(dist, '_headers'), formatHeadersFile(hostHeaderRules(csp)));
  // The manifest names source files; it is build input, not something to publish.
  fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });

  console.log(`Pre-rendered ${paths.length} routes and 404.html in ${Math.round(performance.now() - started)} ms.`);
  return paths.length;
}

await prerender();
