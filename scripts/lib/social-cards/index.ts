/**
 * Link-preview cards of product pages and built-in blog posts (src/head/social-card.ts says
 * which), rendered at build time with resvg (a native rasteriser from npm: no browser needed).
 *
 * Cost: a card takes a few milliseconds of CPU (card-png.ts draws only its title; the rest is
 * drawn once per build), so a thousand posts cost seconds; the build starts them before bundling,
 * in worker threads that run beside the bundler and the pre-render, and publishes them at the end.
 * Each PNG is cached in node_modules/.cache/gb-social-cards/ under a hash of everything drawn on
 * it (title, label, brand, site address, template version, fonts): a card whose text has not
 * changed is copied, not drawn again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Content } from '../../../src/content/load';
import { cardPath, pageHasOwnCard } from '../../../src/head/social-card';
import { CARD_TEMPLATE_VERSION, cardSvg, type CardText } from './card-svg';
import { cardFonts } from './fonts';
import type { CardWorkerData } from './worker';

export const CARD_CACHE_DIR = 'node_modules/.cache/gb-social-cards';

interface CardJob extends CardText {
  /** The page the card belongs to, e.g. `/garlic-powder`. */
  pagePath: string;
}

/** Every card the build draws: the product pages', then every built-in post's. */
export function cardJobs(content: Content, siteUrl = process.env.SITE_URL || content.site.url): CardJob[] {
  const common = { brand: content.site.name, site: siteUrl.replace(/^https?:\/\//, '').replace(/\/+$/, '') };
  return [
    ...content.pages.flatMap((p) =>
      pageHasOwnCard({ ...p.meta, path: p.path }) ? [{ ...common, pagePath: p.path as string, title: p.meta.title, label: 'Product specifications' }] : [],
    ),
    ...content.blog.map((p) => ({ ...common, pagePath: `/blog/${p.meta.id}`, title: p.meta.title, label: 'Blog' })),
  ];
}

export interface CardsResult {
  /** Cache file of each card, by page path. */
  files: Map<string, string>;
  drawn: number;
  cached: number;
}

/** Splits `items` into at most `n` runs of about equal length. */
function split<T>(items: T[], n: number): T[][] {
  if (items.length === 0) return [];
  const size = Math.ceil(items.length / n);
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * The worker runs TypeScript through tsx's API (worker threads do not inherit the loader the
 * build runs under). Cards are background work: on Linux, where each thread has a priority of
 * its own, the worker takes the lowest before it loads anything, so it gives way to the bundler
 * and the pre-render and draws on the CPU they leave idle; they never wait for it before the end.
 */
function runWorker(data: CardWorkerData): Promise<void> {
  const entry = new URL('./worker.ts', import.meta.url).href;
  const lowPriority = process.platform === 'linux' ? `require('node:os').setPriority(${os.constants.priority.PRIORITY_LOW});` : '';
  const boot = `${lowPriority}import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: data });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`social card worker exited with code ${code}`))));
  });
}

/** Draws the cards that are not cached yet; resolves once every card has a file in the cache. */
export async function renderCards(root: string, jobs: CardJob[], workers = defaultWorkers()): Promise<CardsResult> {
  const cacheDir = path.join(root, CARD_CACHE_DIR);
  fs.mkdirSync(cacheDir, { recursive: true });
  const fonts = await cardFonts(root, cacheDir);
  const files = new Map<string, string>();
  const todo: CardWorkerData['jobs'] = [];
  for (const { pagePath, ...text } of jobs) {
    const key = createHash('sha256')
      .update(`${CARD_TEMPLATE_VERSION}\n${fonts.hash}\n${cardSvg(text)}`)
      .digest('hex')
      .slice(0, 24);
    const out = path.join(cacheDir, `${key}.png`);
    files.set(pagePath, out);
    if (!fs.existsSync(out)) todo.push({ text, out });
  }
  await Promise.all(split(todo, workers).map((run) => runWorker({ jobs: run, fonts: { files: fonts.files, heading: fonts.heading } })));
  return { files, drawn: todo.length, cached: jobs.length - todo.length };
}

/** One worker per core but one: the bundler and the pre-render keep a core of their own. */
function defaultWorkers(): number {
  return Math.min(4, Math.max(1, os.availableParallelism() - 1));
}

/**
 * Puts each card from the cache in its place in the build (src/head/social-card.ts): a hard link
 * where the file system allows one (a thousand links take milliseconds, copies a quarter of a
 * second at the end of the build; cached files are never changed in place, only replaced by
 * renaming), else a copy.
 */
export function publishCards(result: CardsResult, distDir: string): void {
  for (const [pagePath, file] of result.files) {
    const target = path.join(distDir, cardPath(pagePath).slice(1));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Never copy onto a link to the same file: that would empty the cached card too.
    fs.rmSync(target, { force: true });
    try {
      fs.linkSync(file, target);
    } catch {
      fs.copyFileSync(file, target);
    }
  }
}
