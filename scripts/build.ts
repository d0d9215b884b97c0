/**
 * Builds the site: checks the content, builds the browser and pre-render bundles with Vite (one
 * config, two environments, both at once), then pre-renders every page (scripts/prerender.ts). The
 * social cards (scripts/lib/social-cards/) need only the content, so they are drawn in worker
 * threads from the start, beside the bundler and the pre-render. The browser bundle is done long
 * before the pre-render bundle (which compiles every post), so its files are compressed meanwhile.
 * Run: npm run build   (GB_OUT_DIR=/some/dir builds there instead of dist/)
 * `npm run build -- --for-server` (what `npm start` runs) builds for the site's own server, which
 * signs in itself: the bundle then carries no static-host sign-in gate (src/build/credentials/credentials-plugin.ts).
 *
 * Quiet on purpose: Vite prints only warnings and errors, each distinct notice once, and a
 * content error is the last thing printed, as the same `file: field: …` lines as check:content.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import { createBuilder, createLogger, type LogOptions } from 'vite';
import { ContentError, loadContent } from '../src/build/content/load';
import { photoProblems } from '../src/build/content/photo-check';
import { SERVER_BUILD_VARIABLE } from '../src/build/credentials/credentials-plugin';
import { DIST_DIR } from '../src/build/pipeline/build-paths';
import { Precompressor } from '../src/build/pipeline/precompress';
import { FOR_SERVER_FLAG } from './lib/build-command';
import { cardJobs, renderCards } from './lib/social-cards';
import { prerender } from './prerender';

/** Vite's logger, printing each distinct warning once (two environments build with the same plugins). */
function onceLogger() {
  const logger = createLogger('warn');
  const seen = new Set<string>();
  const warn = logger.warn.bind(logger);
  logger.warn = (message: string, options?: LogOptions) => {
    const key = stripVTControlCharacters(message).replace(/^\[plugin [^\]]+\]\s*/, '');
    if (seen.has(key)) return;
    seen.add(key);
    warn(message, options);
  };
  logger.warnOnce = logger.warn;
  return logger;
}

/** The only argument the build takes; another (a mistyped flag, an output folder) would otherwise be ignored. */
function refuseUnknownArguments(args: readonly string[]): void {
  const unknown = args.filter((arg) => arg !== FOR_SERVER_FLAG);
  if (unknown.length === 0) return;
  console.error(
    `npm run build: unknown argument ${unknown.map((arg) => `"${arg}"`).join(', ')}. It takes only ${FOR_SERVER_FLAG}; ` +
      'to build into another folder than dist/, set GB_OUT_DIR (GB_OUT_DIR=/some/dir npm run build).',
  );
  process.exit(1);
}

async function build(): Promise<void> {
  refuseUnknownArguments(process.argv.slice(2));
  const started = performance.now();
  // Set either way, so a value left in the shell cannot make a static build ship no gate or the reverse.
  process.env[SERVER_BUILD_VARIABLE] = process.argv.includes(FOR_SERVER_FLAG) ? '1' : '0';
  const content = loadContent(process.cwd());
  const photos = await photoProblems(process.cwd(), content);
  if (photos.length) throw new ContentError(photos);
  const cards = renderCards(process.cwd(), cardJobs(content));
  const precompressor = new Precompressor();
  // vite.config.ts imported as it is (this script runs under tsx), not bundled first: that bundle
  // is a rolldown build of its own, with the slow-callback warning on, which a busy machine printed.
  const builder = await createBuilder({ customLogger: onceLogger(), logLevel: 'warn', configLoader: 'native' });
  const { client, ssr } = builder.environments;
  await Promise.all([
    // Final once the client build is done: compressed while the server bundle is still being built.
    builder.build(client).then(() => precompressor.prefetchFolder(path.join(DIST_DIR, 'assets'), 'assets')),
    builder.build(ssr),
  ]);
  const bundled = performance.now();
  const { pages, search, serviceWorkerMs, cards: cardCount, precompressed } = await prerender(cards, precompressor);
  const total = performance.now() - started;
  const ms = (n: number) => `${(n / 1000).toFixed(1)} s`;
  console.log(
    `Built ${pages} pages in ${ms(total)}: bundles ${ms(bundled - started)}, pre-render ${ms(total - (bundled - started) - serviceWorkerMs - precompressed.waitedMs)}, service worker ${ms(serviceWorkerMs)}; ` +
      `search index: ${search.records} records, ${ms(search.waitedMs)} waited for after the last page; ` +
      `social cards: ${cardCount.drawn} drawn (${cardCount.drawnWhileWaited} of them once the pages were written), ${cardCount.cached} from the cache, ${ms(cardCount.waitedMs)} waited for; ` +
      `precompressed: ${precompressed.files} files, ${precompressed.compressed} compressed, ${precompressed.files - precompressed.compressed} from the cache, ${precompressed.raised} of the blog's pages at brotli 11 to fit the first round trip, ${ms(precompressed.waitedMs)} waited for.`,
  );
}

try {
  await build();
} catch (error) {
  if (error instanceof ContentError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
