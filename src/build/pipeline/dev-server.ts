/**
 * `npm run dev`: Vite's dev server answers every page as the build writes it, rendered from the
 * sources on each request through the same pipeline (src/ui/entry-server.tsx, then finishDevPage),
 * and `/api` with the server's own app on a PGlite folder of its own (src/server/dev-api.ts).
 *
 * What an editor sees:
 * - Saving a file in content/ reloads the open page with the new text; a new file (a post from
 *   `npm run new:post`) is served at once.
 * - A content file that breaks a schema shows Vite's error overlay with the same
 *   `file: field: …` lines as `npm run check:content`, printed once in the terminal; the server
 *   keeps running, and fixing the file reloads the page without the overlay.
 * - A page that links to no page of the site is named in the terminal with its file and the
 *   address, as the build would fail with it.
 * - Editing an island's code hot-reloads it (React Fast Refresh); editing code that only the
 *   server render uses (layouts, pages, the pipeline) reloads the page.
 * - Adding a feature sheet to src/ui/styles/pages/, or removing one, reloads the page with the
 *   sheets now there.
 *
 * Nothing but the site's sources is sent as a file; the dev database and the investor portal's copy
 * answer 404 however they are asked for (src/build/pipeline/dev-files.ts).
 *
 * This file is part of the config (vite.config.ts), so it stays small: everything that renders
 * is loaded through the dev server's SSR module runner, which picks up every edit.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { isRunnableDevEnvironment, type Plugin, type ViteDevServer } from 'vite';
import { isGeneratedModule, modulesReading, recompilesEveryPage } from '../content/vite-plugin.ts';
import { secretFolderRequest, secretFolders } from './dev-files.ts';
import { invalidateRender, invalidateWithImporters } from './invalidate-importers.ts';
import { FEATURE_FOLDER } from './page-styles.ts';
import { errorMessage } from '../../shared/error-message.ts';

type DevPipeline = typeof import('./finish-page.ts');
type PageStyles = typeof import('./page-styles.ts');
type Bundle = import('./server-bundle.ts').ServerBundle;
type DevApi = import('../../server/dev-api.ts').DevApi;

/** The error Vite's overlay shows: the message, and which file to open. */
interface OverlayError {
  message: string;
  stack: string;
  id?: string;
  plugin?: string;
}

/** Where a dev page asks how many saves the server has reloaded the pages for. */
export const SAVES_PATH = '/@gb-saves';

/**
 * The script that keeps a dev page from missing a save. The server asks every open page to reload
 * after a save (Vite's client receives it), but a page still loading, whose client has not yet
 * connected, never receives it: a save made while the page reloads for the one before (an editor
 * saving as they type) would stay unseen. So the page compares the saves it was rendered after with
 * the server's count, once it runs and again once its client connects, and reloads if they differ.
 */
function followSavesScript(saves: number): string {
  return `<script type="module">
import { createHotContext } from '/@vite/client';
const check = () => fetch('${SAVES_PATH}').then((r) => r.text()).then((n) => { if (Number(n) !== ${saves}) location.reload(); }, () => {});
createHotContext('${SAVES_PATH}').on('vite:ws:connect', check);
check();
</script>`;
}

/** A page that shows the overlay; Vite's client (imported by it) reloads it once the cause is fixed. */
function overlayPage(error: OverlayError, saves: number): string {
  const json = JSON.stringify(error).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title><script type="module">
import { ErrorOverlay } from '/@vite/client';
document.body.appendChild(new ErrorOverlay(${json}));
</script>${followSavesScript(saves)}</head><body></body></html>`;
}

/** A content check failure (src/build/content/load.ts), however Vite has wrapped it on the way. */
function contentProblem(error: unknown): OverlayError | null {
  if (!(error instanceof Error) || error.name !== 'ContentError') return null;
  return { message: error.message, stack: '', plugin: 'garlic-content', id: (error as { id?: string }).id };
}

function wantsHtml(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '/').split('?')[0];
  // Files have an extension; pages do not (the build writes them as folders with index.html).
  return !path.posix.basename(pathname).includes('.') && !pathname.startsWith('/@') && !pathname.startsWith('/api');
}

export function devServer(): Plugin {
  let lastPrinted = '';
  /** How many saves the open pages have been asked to reload for. */
  let saves = 0;
  const reloadPages = (server: ViteDevServer) => {
    saves++;
    server.environments.client.hot.send({ type: 'full-reload', path: '*' });
  };
  /** The search index of the pages as they are now; dropped when a content file changes. */
  let searchIndex: Promise<void> | null = null;
  /** The broken links the terminal has been told of since content was last saved. */
  const warnedLinks = new Set<string>();
  /** Prints a content problem once, however many requests and saves run into it. */
  const printOnce = (server: ViteDevServer, message: string) => {
    if (message === lastPrinted) return;
    lastPrinted = message;
    server.config.logger.error(message, { timestamp: true });
  };

  return {
    name: 'garlic-dev-server',
    apply: 'serve',

    configureServer(server) {
      const ssr = server.environments.ssr;
      if (!isRunnableDevEnvironment(ssr)) throw new Error('The dev server needs a runnable SSR environment to render pages');
      const load = <T>(id: string) => ssr.runner.import(id) as Promise<T>;

      // Before Vite's own file serving: the database and the investor copy are a 404 in every spelling.
      const secrets = secretFolders(server.config.root, process.env.DATA_DIR);
      server.middlewares.use((req, res, next) => {
        if (!secretFolderRequest(req.url ?? '/', server.config.root, secrets)) return next();
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end('Not found');
      });

      // One API for the dev server's lifetime: it holds its database folder open.
      let api: Promise<DevApi> | null = null;
      const apiHandler = () =>
        (api ??= load<typeof import('../../server/dev-api.ts')>('/src/server/dev-api.ts').then((m) => m.startDevApi(server.config.root)));
      server.httpServer?.once('close', () => void api?.then((a) => a.close()));
      // Opening the database takes seconds (longer on a busy machine): start at once, so the first
      // form sent or admin sign-in does not wait for it.
      server.httpServer?.once('listening', () => void apiHandler().catch((error: unknown) => server.config.logger.error(`[dev api] ${String(error)}`)));
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith('/api/') && req.url !== '/api') return next();
        try {
          await (await apiHandler()).listener(req, res);
        } catch (error) {
          next(error);
        }
      });

      const pageHtml = async (url: string) => {
        const root = server.config.root;
        const bundle = await load<Bundle>('/src/ui/entry-server.tsx');
        const pipeline = await load<DevPipeline>('/src/build/pipeline/finish-page.ts');
        const styles = await load<PageStyles>('/src/build/pipeline/page-styles.ts');
        const pathname = new URL(url, 'http://dev.local').pathname.replace(/(.)\/+$/, '$1');
        const known = bundle.prerenderPaths().includes(pathname);
        // A language's unknown paths get its own not-found page, where it has one (the router falls back to the default's).
        const language = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
        const rendered = known ? pathname : language ? `/${language}/404` : '/404';
        // Vite's HTML hooks decode the address they are given: an unknown one, which may not decode
        // (/%ff), is given the not-found page's, so it gets that page and a 404, as on the static server.
        const template = await server.transformIndexHtml(known ? url : rendered, fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
        const { html } = await bundle.renderPage(rendered, template);
        const css = async (file: string) => (await load<{ default: string }>(`/${file}?inline`)).default;
        const sheets = await Promise.all(styles.FEATURE_SHEETS.map(async (source) => styles.sheet(source, await css(source))));
        const readPublic = (sitePath: string) => fs.readFileSync(path.join(root, 'public', sitePath), 'utf8');
        return { known, pathname, page: pipeline.finishDevPage(html, pathname, readPublic, await css(styles.BASE_SHEET), sheets) };
      };
      /**
       * Says in the terminal, as the build would fail with it, that a page links to no page of the
       * site (a mistyped address in its copy, a menu entry in content/site.yaml): the build finds
       * such a link only after every page is written, and an editor sees nothing wrong in the
       * preview until someone follows it. Each line once, until a content file is saved again.
       */
      const warnOfLinks = async (pathname: string, page: string) => {
        const bundle = await load<Bundle>('/src/ui/entry-server.tsx');
        const { LinkCheck, devPageAt } = await load<typeof import('./link-check.ts')>('/src/build/pipeline/link-check.ts');
        const links = new LinkCheck(bundle.site.url);
        links.add(pathname, page);
        const { loadContent, sourceFileOf } = await load<typeof import('../content/load.ts')>('/src/build/content/load.ts');
        // The content files are read to name the page's file only when it has such a link.
        let sourceOf: ((urlPath: string) => string | undefined) | undefined;
        const named = (urlPath: string) => (sourceOf ??= sourceFileOf(loadContent(server.config.root)))(urlPath);
        for (const line of links.problems(devPageAt(bundle.prerenderPaths()), named)) {
          if (warnedLinks.has(line)) continue;
          warnedLinks.add(line);
          server.config.logger.warn(`[links] ${line}`, { timestamp: true });
        }
      };
      /** `savesBefore`: the count when the render started, so a save made during it reloads the page. */
      const renderPage = async (url: string, res: ServerResponse, savesBefore: number) => {
        const { known, pathname, page } = await pageHtml(url);
        if (known) await warnOfLinks(pathname, page);
        res.statusCode = known ? 200 : 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(page.replace('</head>', () => `${followSavesScript(savesBefore)}</head>`));
      };
      server.middlewares.use(SAVES_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(String(saves));
      });

      // The site search's index (/pagefind/), made from these pages at the first search (dev-search.ts),
      // in Vite's cache folder: it holds the public pages' text only.
      const searchDir = path.join(server.config.cacheDir, 'search-index');
      const indexBuilt = () =>
        (searchIndex ??= (async () => {
          const bundle = await load<Bundle>('/src/ui/entry-server.tsx');
          const { writeDevSearchIndex } = await load<typeof import('./dev-search.ts')>('/src/build/pipeline/dev-search.ts');
          const started = performance.now();
          const records = await writeDevSearchIndex(server.config.root, bundle.prerenderPaths(), async (urlPath) => (await pageHtml(urlPath)).page, searchDir);
          server.config.logger.info(`[search] indexed ${records} records in ${((performance.now() - started) / 1000).toFixed(1)} s`, { timestamp: true });
        })().catch((error: unknown) => {
          searchIndex = null;
          throw error;
        }));
      server.middlewares.use('/pagefind', async (req, res, next) => {
        let file: string;
        try {
          file = path.posix.normalize(decodeURIComponent((req.url ?? '/').split('?')[0]));
        } catch {
          return next();
        }
        // Connect also hands over /pagefind.<anything>: only the files under /pagefind/ are the index's.
        if (!file.startsWith('/') || file.includes('..') || file === '/') return next();
        try {
          await indexBuilt();
        } catch (error) {
          return next(error);
        }
        const bytes = (() => {
          try {
            return fs.readFileSync(path.join(searchDir, 'pagefind', file));
          } catch {
            return null;
          }
        })();
        res.setHeader('Cache-Control', 'no-store');
        if (!bytes) {
          res.statusCode = 404;
          return res.end('Not found');
        }
        res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : file.endsWith('.json') ? 'application/json' : 'application/octet-stream');
        res.end(bytes);
      });

      // After Vite's own middlewares: modules, public files and /@vite/* are theirs.
      return () => {
        server.middlewares.use(async (req, res, next) => {
          if (!wantsHtml(req)) return next();
          const savesBefore = saves;
          try {
            await renderPage(req.url ?? '/', res, savesBefore);
          } catch (error) {
            const problem = contentProblem(error);
            if (problem) printOnce(server, problem.message);
            else if (error instanceof Error) server.config.logger.error(error.stack ?? error.message, { timestamp: true });
            res.statusCode = 500;
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(overlayPage(problem ?? { message: errorMessage(error), stack: error instanceof Error ? (error.stack ?? '') : '' }, savesBefore));
          }
        });
      };
    },

    hotUpdate: {
      // After the content plugin has dropped its cached content and invalidated its modules.
      order: 'post',
      async handler({ file, server, type }) {
        // A file found empty is a save caught between emptying the file and writing it (the
        // watcher's wait for a steady size does not cover a machine stalled longer): the write that
        // follows is announced as a change of its own, so this one updates nothing, in the browser
        // or the render. An island's module read empty has no exports, and React's refresh then
        // gives up and reloads the page, losing what the visitor had typed into it.
        if (type === 'update' && fs.statSync(file, { throwIfNoEntry: false })?.size === 0) return [];
        if (this.environment.name !== 'ssr') return;
        const ssr = server.environments.ssr;
        const client = server.environments.client;
        const inContent = file.startsWith(path.join(server.config.root, 'content') + path.sep);
        if (inContent) {
          if (!isRunnableDevEnvironment(ssr)) return;
          if (type === 'update') {
            // The file's own module and the generated ones that read it run again on the next
            // request, with every module that imports them; the rest of the render stays as it was.
            const evaluated = ssr.runner.evaluatedModules;
            const stale = [...(evaluated.getModulesByFile(file) ?? [])];
            const rel = path.relative(server.config.root, file);
            for (const id of modulesReading(rel, type)) {
              for (const node of evaluated.idToModuleMap.values()) if (isGeneratedModule(node.id, id)) stale.push(node);
            }
            if (recompilesEveryPage(rel)) for (const node of evaluated.idToModuleMap.values()) if (node.file?.endsWith('.mdx')) stale.push(node);
            invalidateWithImporters(evaluated, stale);
          } else {
            // A new or deleted file changes what the modules that list content/ (import.meta.glob)
            // were compiled with; such saves are rare, so every module is compiled and run again.
            ssr.moduleGraph.invalidateAll();
            ssr.runner.evaluatedModules.clear();
          }
          searchIndex = null;
          warnedLinks.clear();
          // The page reloads at once; a broken file then renders as the overlay (the render fails with
          // the content check's lines), so checking all content first would only delay the editor.
          reloadPages(server);
          const { contentProblems } = await ssr.runner.import<typeof import('../content/load.ts')>('/src/build/content/load.ts');
          const problem = contentProblems(server.config.root);
          if (problem) printOnce(server, problem);
          else lastPrinted = '';
          return [];
        }
        // A sheet added to or taken from the feature sheets' folder changes the list page-styles.ts
        // reads from that folder when it runs: it runs again on the next request, with its importers.
        if (type !== 'update' && file.endsWith('.css') && file.startsWith(path.join(server.config.root, FEATURE_FOLDER) + path.sep)) {
          if (!isRunnableDevEnvironment(ssr)) return;
          const evaluated = ssr.runner.evaluatedModules;
          invalidateWithImporters(evaluated, [...(evaluated.getModulesByFile(path.join(server.config.root, 'src/build/pipeline/page-styles.ts')) ?? [])]);
          reloadPages(server);
          return [];
        }
        // Code the browser also runs (an island, the runtime) is updated there by Vite itself.
        if (client.moduleGraph.getModulesByFile(file)?.size) return;
        // Code the render alone uses, and the sheets it inlines: the modules that hold the file,
        // directly or through a module or sheet that imports it, are compiled and run again on the
        // next request, which the reload sends. Vite's own update of the render is not run (no
        // modules are returned): it runs after this hook and imports the modules again by itself,
        // and beside a busy machine's reloaded page a sheet's old module could win and stay.
        const changed = ssr.moduleGraph.getModulesByFile(file);
        if (!changed?.size || !isRunnableDevEnvironment(ssr)) return;
        invalidateRender(ssr.moduleGraph, ssr.runner.evaluatedModules, changed);
        reloadPages(server);
        return [];
      },
    },
  };
}
