/**
 * Pre-renders every route to static HTML after the Vite build (scripts/build.ts runs it).
 * Writes <out>/<path>/index.html for every route and built-in blog post in every language,
 * 404.html (and each language's <code>/404.html), _headers (security and caching headers),
 * _redirects (each language's not-found page), sitemap.xml, robots.txt, the blog feed, the social cards
 * (drawn meanwhile by scripts/lib/social-cards/) and the service worker, then a gzip and a brotli
 * form beside every text file (src/build/pipeline/precompress.ts), compressed beside the pre-render.
 *
 * The client build's index.html is the template; it is kept in the server bundle's folder so that
 * a second run still finds it after the home page has overwritten index.html. The entry script
 * starts after the first paint: nothing the page needs for that paint waits behind a script.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ContentError, loadContent, sourceFileOf, type Content } from '../src/build/content/load';
import { SEARCH_INDEX_PATH, listed, pageCount, pagePath } from '../src/ui/features/blog/blog-pages';
import { INLINE_SCRIPT_SOURCES } from '../src/build/pipeline/head-scripts';
import { CLIENT_MANIFEST, DIST_DIR, SSR_DIR } from '../src/build/pipeline/build-paths';
import { builtManifestFile, readClientManifest, type ClientManifest } from '../src/build/pipeline/client-manifest';
import { FEED_ITEMS, robotsTxt, rssXml, sitemapXml } from '../src/build/pipeline/discovery-files';
import { FileWriter } from '../src/build/pipeline/file-writer';
import { builtAt, LinkCheck } from '../src/build/pipeline/link-check';
import { assetReader, pageSheets, finishPage, linkBaseSheet } from '../src/build/pipeline/finish-page';
import { coverFeedImage } from '../src/build/pipeline/photos/feed-image';
import { photoManifest } from '../src/build/pipeline/photos/photo-manifest';
import { pagePhoto } from '../src/build/pipeline/photos/vite-plugin';
import { BEST_QUALITY, brotliQualityFor, type Precompressor, type PrecompressResult } from '../src/build/pipeline/precompress';
import { contentSecurityPolicy, formatHeadersFile, hostHeaderRules } from '../src/build/hosting/host-headers';
import { NOT_FOUND_URL, type ServerBundle } from '../src/build/pipeline/server-bundle';
import { SearchIndexer } from '../src/build/pipeline/search-index';
import { searchSite } from '../src/build/pipeline/search-site';
import { generateServiceWorker } from './lib/service-worker';
import { publishCards, type CardsRender } from './lib/social-cards';

// React's production server build: faster, and what the site really ships.
process.env.NODE_ENV ??= 'production';

const root = process.cwd();
const dist = DIST_DIR;
const ssrDir = SSR_DIR;

function readTemplate(manifest: ClientManifest): string {
  // The template's comments explain it to its readers; visitors would only download them.
  const built = fs.readFileSync(path.join(dist, 'index.html'), 'utf8').replace(/\s*<!--(?!app-)[\s\S]*?-->/g, '');
  const saved = path.join(ssrDir, 'template.html');
  if (built.includes('<!--app-html-->')) {
    const template = linkBaseSheet(built, manifest);
    fs.writeFileSync(saved, template);
    return template;
  }
  return fs.readFileSync(saved, 'utf8');
}

/** A page's file, as its path in the build. */
function outFile(urlPath: string): string {
  return path.posix.join(urlPath.slice(1), 'index.html');
}

/**
 * sitemap.xml (indexable routes only), robots.txt, the blog feed and the blog's search index,
 * from the content index, each handed to `write` (its path in the build, its content).
 */
async function writeDiscoveryFiles(server: ServerBundle, { pages, blog, translations }: Content, write: (file: string, content: string) => void) {
  const newest = blog[0]?.meta.date;
  const translated = translations.flatMap((t) => t.pages);
  // Every version of a page lists them all; the default language's page is the first.
  const versionsOf = (defaultPath: string) => [
    { code: pages[0].locale, path: defaultPath },
    ...translated.filter((page) => page.path !== null && page.defaultPath === defaultPath).map((page) => ({ code: page.locale, path: page.path as string })),
  ];
  const pageEntries = pages
    .filter((p) => p.path !== null && !p.meta.noindex)
    .flatMap((p) => {
      const alternates = versionsOf(p.path as string);
      return alternates.map((version) => ({ path: version.path, lastmod: p.path === '/blog' ? newest : undefined, alternates }));
    });
  const entries = [
    ...pageEntries,
    ...blog.map((p) => ({ path: `/blog/${p.meta.id}`, lastmod: p.meta.date })),
    ...Array.from({ length: pageCount(blog.length) - 1 }, (_, i) => ({ path: pagePath(i + 2), lastmod: undefined })),
  ].sort((a, b) => a.path.localeCompare(b.path));
  write('sitemap.xml', sitemapXml(server.site.url, entries));
  write('robots.txt', robotsTxt(server.site.url));
  const items = await Promise.all(
    blog.slice(0, FEED_ITEMS).map(async (p) => ({
      ...p.meta,
      html: await server.renderPostHtml(path.basename(p.file)),
      // The cover photo's variant, which the browser bundle has already written.
      ...(p.meta.cover ? { picture: await coverFeedImage(root, dist, p.meta.cover) } : {}),
    })),
  );
  write('blog/feed.xml', rssXml(server.site, items));
  // A cover photo's variants travel with its post (components/ui/page-photos.ts): the browser's scripts carry no photo list.
  const photos = blog.some((p) => p.meta.cover) ? await photoManifest(root) : {};
  const coverPhoto = (cover: string | undefined) => {
    const entry = cover ? photos[cover] : undefined;
    return entry ? { coverPhoto: pagePhoto(entry) } : {};
  };
  write(SEARCH_INDEX_PATH.slice(1), JSON.stringify(blog.map((p) => ({ ...listed(p.meta), ...coverPhoto(p.meta.cover) }))));
}

interface PrerenderResult {
  pages: number;
  /** The search index: the records indexed, and how long the build waited for it after the last page. */
  search: { records: number; waitedMs: number };
  serviceWorkerMs: number;
  cards: { drawn: number; drawnWhileWaited: number; cached: number; waitedMs: number };
  /** What precompression did, and how long the build waited for it after the last file was written. */
  precompressed: PrecompressResult & { waitedMs: number };
}

/**
 * Pre-renders the site into the client build, compressing each file with `precompressor` as soon
 * as it is written (scripts/build.ts has already started on the client build's assets).
 */
export async function prerender(cards: CardsRender, precompressor: Precompressor): Promise<PrerenderResult> {
  const manifest = readClientManifest(builtManifestFile(dist));
  const template = readTemplate(manifest);
  const server = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as ServerBundle;
  const paths = server.prerenderPaths();
  const content = loadContent(root);

  const readAsset = assetReader(dist);
  const sheets = pageSheets(manifest, readAsset);
  const pagesWritten = new FileWriter();
  /** Writes a file of the build (its path in the build, with / between folders) and starts compressing it. */
  const emit = (file: string, text: string) => {
    pagesWritten.write(path.join(dist, file), text);
    precompressor.prefetch(text, file);
  };
  // First, so that their compression (at 1,000 posts the search index is the largest text file after the admin's script) runs beside the pages'.
  await writeDiscoveryFiles(server, content, emit);
  const pagesToWrite = [
    ...paths.map((urlPath) => ({ urlPath, file: outFile(urlPath) })),
    { urlPath: NOT_FOUND_URL, file: '404.html' },
    // A language with a not-found page of its own answers its unknown paths with it (de/404.html for /de/…).
    ...content.translations
      .filter(({ pages }) => pages.some((page) => page.path === null))
      .map(({ language }) => ({ urlPath: `/${language.code}${NOT_FOUND_URL}`, file: `${language.code}/404.html` })),
  ];
  // The pages compressed at brotli's best quality first (the sort keeps the order within each): each
  // takes dozens of times as long to compress as a post's page, and started last they would keep
  // the build waiting after its last page.
  const best = (file: string) => (brotliQualityFor(file) === BEST_QUALITY ? 0 : 1);
  // The site search's index takes each page as it is written (its indexer is a process of its own).
  const search = new SearchIndexer(searchSite(content), content.glossaries);
  const links = new LinkCheck(server.site.url);
  for (const { urlPath, file } of pagesToWrite.sort((a, b) => best(a.file) - best(b.file))) {
    const { html } = await server.renderPage(urlPath, template);
    const page = finishPage(html, urlPath, readAsset, sheets);
    emit(file, page);
    search.add(urlPath, page);
    links.add(urlPath, page);
    // A page renders without giving the event loop a turn, so without this the indexer's answers
    // are never read: its pipe fills after a few hundred pages and it stops until the last one
    // (at 1,000 posts the build then waited 11-14 s for the index after the last page, now 4 s).
    await new Promise((resolve) => setImmediate(resolve));
  }
  await pagesWritten.done();
  const searchStarted = performance.now();
  const searchIndex = await search.write(dist).finally(() => search.close());
  for (const file of searchIndex.files.filter((name) => /\.(js|json)$/.test(name)))
    precompressor.prefetch(fs.readFileSync(path.join(dist, file), 'utf8'), file);
  const searchMs = performance.now() - searchStarted;

  const waitStarted = performance.now();
  const drawn = await cards.finish();
  const waitedMs = performance.now() - waitStarted;
  publishCards(drawn, dist);
  // Once every page and file a link may lead to is written.
  const brokenLinks = links.problems((address) => builtAt(dist, address), sourceFileOf(content));
  if (brokenLinks.length) throw new ContentError(brokenLinks);
  // After the pages are written, so the service worker precaches the pre-rendered pages, not the template.
  const swStarted = performance.now();
  await generateServiceWorker(dist, manifest);
  const serviceWorkerMs = performance.now() - swStarted;

  const leadOrigin = process.env.LEAD_ENDPOINT ? [new URL(process.env.LEAD_ENDPOINT).origin] : [];
  if (!leadOrigin.length)
    console.warn(
      'Warning: LEAD_ENDPOINT is not set: on a static host, form submissions stay in the visitor\'s browser and never reach the company; served by the site\'s own server (npm start) they go to its /api/leads (src/server/README.md, "Lead endpoint").',
    );
  const csp = contentSecurityPolicy(INLINE_SCRIPT_SOURCES, leadOrigin);
  fs.writeFileSync(path.join(dist, '_headers'), formatHeadersFile(hostHeaderRules(csp)));
  // Hosts that read _redirects (Netlify) answer a language's unknown paths with its own not-found
  // page; such a rule applies only where no file matches. (Cloudflare Pages picks the nearest 404.html itself.)
  const ownNotFound = content.translations.filter((t) => t.pages.some((page) => page.path === null)).map((t) => t.language.code);
  fs.writeFileSync(path.join(dist, '_redirects'), ownNotFound.map((code) => `/${code}/*  /${code}/404.html  404\n`).join(''));
  // The manifest names source files: the size audit reads it, but it is not something to publish.
  // Copied, not renamed: the build folder (GB_OUT_DIR) may be on another file system than the
  // project, where a rename fails (EXDEV).
  fs.copyFileSync(builtManifestFile(dist), CLIENT_MANIFEST);
  fs.rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
  // Last, once every file of the build is in its final form.
  const precompressStarted = performance.now();
  const precompressed = await precompressor.writeAll(dist);
  return {
    pages: paths.length + 1,
    search: { records: searchIndex.pages, waitedMs: searchMs },
    serviceWorkerMs,
    cards: { drawn: drawn.drawn, drawnWhileWaited: drawn.drawnWhileWaited, cached: drawn.cached, waitedMs },
    precompressed: { ...precompressed, waitedMs: performance.now() - precompressStarted },
  };
}
