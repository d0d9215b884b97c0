/**
 * Link-preview cards of product pages and built-in blog posts (src/ui/head/social-card.ts says
 * which), rendered at build time with resvg (a native rasteriser from npm: no browser needed).
 *
 * Cost: a card takes a few milliseconds of CPU (card-png.ts draws only its title; the rest is
 * drawn once per build), so a thousand posts cost seconds; the build starts them before bundling,
 * in low-priority worker threads that run beside the bundler and the pre-render, hurries what is
 * left once the pages are written, and publishes them at the end.
 * Each PNG is cached in node_modules/.cache/gb-social-cards/ under a hash of everything drawn on
 * it (title, label, brand, site address, template version, fonts): a card whose text has not
 * changed is copied, not drawn again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Content } from '../../../src/build/content/load';
import { cardPath, pageHasOwnCard } from '../../../src/ui/head/social-card';
import { CARD_TEMPLATE_VERSION, type CardText } from './card-svg';
import { cardFonts } from './fonts';
import type { CardWorkerData } from './worker';
import { COVER_CARD_VERSION, coverCard } from '../../../src/build/pipeline/photos/cover-card';
import { PHOTO_URL_PREFIX, PHOTOS_DIR } from '../../../src/build/pipeline/photos/photo-manifest';
import { writeWhole } from '../../../src/build/pipeline/write-whole';

export const CARD_CACHE_DIR = 'node_modules/.cache/gb-social-cards';

interface CardJob extends CardText {
  /** The page the card belongs to, e.g. `/garlic-powder`. */
  pagePath: string;
  /** A post's cover photo (content/photos/…): its card is the photo (cover-card.ts), not a drawn title. */
  cover?: string;
}

/** Every card the build draws: the product pages' in each language, then every built-in post's. */
export function cardJobs(content: Content, siteUrl = process.env.SITE_URL || content.site.url): CardJob[] {
  const common = { brand: content.site.name, site: siteUrl.replace(/^https?:\/\//, '').replace(/\/+$/, '') };
  const languages = [{ language: content.site.languages[0], pages: content.pages }, ...content.translations];
  return [
    ...languages.flatMap(({ language, pages }) =>
      pages.flatMap((p) =>
        pageHasOwnCard({ ...p.meta, path: p.path })
          ? [{ ...common, pagePath: p.path as string, title: p.meta.title, label: productLabel(content, language.code), dir: language.dir }]
          : [],
      ),
    ),
    ...content.blog.map((p) => ({
      ...common,
      pagePath: `/blog/${p.meta.id}`,
      title: p.meta.title,
      label: 'Blog',
      ...(p.meta.cover ? { cover: `${PHOTOS_DIR}/${p.meta.cover.slice(PHOTO_URL_PREFIX.length)}` } : {}),
    })),
  ];
}

/** The words above a product page's title on its card, in the page's language (content/ui/<code>.yaml `socialCard.productLabel`). */
function productLabel(content: Content, code: string): string {
  const section = content.ui[code]?.socialCard;
  const label = typeof section === 'object' ? section.productLabel : undefined;
  if (typeof label !== 'string') throw new Error(`content/ui/${code}.yaml: socialCard.productLabel: required: the product pages' link-preview cards show it`);
  return label;
}

export interface CardsResult {
  /** Cache file of each card, by page path. */
  files: Map<string, string>;
  drawn: number;
  /** Of those, the cards drawn at normal priority once the caller was waiting for them. */
  drawnWhileWaited: number;
  cached: number;
}

export interface CardsRender {
  /**
   * Resolves once every card has a file in the cache. For when the caller has nothing left to do
   * but wait: the cards not yet started are then drawn at normal priority too.
   */
  finish(): Promise<CardsResult>;
}

/**
 * The worker runs TypeScript through tsx's API (worker threads do not inherit the loader the
 * build runs under). A background worker takes the lowest priority before it loads anything (on
 * Linux each thread has a priority of its own), so it gives way to the bundler and the pre-render
 * and draws on the CPU they leave idle.
 */
function workerBoot(background: boolean): string {
  const entry = new URL('./worker.ts', import.meta.url).href;
  const lowPriority = background && process.platform === 'linux' ? `require('node:os').setPriority(${os.constants.priority.PRIORITY_LOW});` : '';
  return `${lowPriority}import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
}

/**
 * Threads drawing one list of cards (see CardWorkerData.queues); each thread reports every card it
 * has put in the cache. `allDrawn` resolves once every card is there, and rejects when a thread
 * fails. A card can be drawn twice (by a background thread and by a thread started once the build
 * waits); it is counted once, for the thread that reported it first.
 */
function cardThreads(data: Omit<CardWorkerData, 'background'>) {
  const threads: Worker[] = [];
  const reported = new Set<string>();
  let drawnWhileWaited = 0;
  let live = 0;
  const allIn = () => reported.size === data.jobs.length;
  let settle = { resolve: () => {}, reject: (_error: unknown) => {} };
  const allDrawn = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Awaited by finish(); until then a failure must not count as unhandled.
  allDrawn.catch(() => {});
  if (allIn()) settle.resolve();
  return {
    allDrawn,
    allIn,
    counts: () => ({ drawn: reported.size, drawnWhileWaited }),
    start(background: boolean) {
      const worker = new Worker(workerBoot(background), { eval: true, workerData: { ...data, background } satisfies CardWorkerData });
      worker.on('message', (out: string) => {
        if (reported.has(out)) return;
        reported.add(out);
        if (!background) drawnWhileWaited += 1;
        if (allIn()) settle.resolve();
      });
      worker.once('error', settle.reject);
      worker.once('exit', (code) => {
        live -= 1;
        if (code !== 0) settle.reject(new Error(`social card worker exited with code ${code}`));
        else if (live === 0 && !allIn()) settle.reject(new Error(`the social card threads ended with ${data.jobs.length - reported.size} cards not drawn`));
      });
      live += 1;
      threads.push(worker);
    },
    /** Once every card is drawn: a background thread still starting or drawing at the lowest priority has nothing left to add. */
    stop() {
      for (const worker of threads) void worker.terminate();
    },
  };
}

/**
 * Starts drawing the cards that are not cached yet, in `workers` background threads. A thread
 * cannot raise its priority again without privileges, and on a busy machine the lowest priority
 * gets almost no CPU (15 cards kept a build waiting 27 s beside two CPU-bound processes), so
 * `finish()` starts as many threads again at normal priority on every card not yet in the cache,
 * and does not wait for the background threads once each card is there.
 */
export function renderCards(root: string, jobs: CardJob[], workers = defaultWorkers()): CardsRender {
  const started = (async () => {
    const cacheDir = path.join(root, CARD_CACHE_DIR);
    fs.mkdirSync(cacheDir, { recursive: true });
    const fonts = await cardFonts(root, cacheDir);
    const files = new Map<string, string>();
    const todo: CardWorkerData['jobs'] = [];
    const queued = new Set<string>();
    let cached = 0;
    const covers = jobs.filter((job) => job.cover !== undefined);
    for (const { pagePath, cover, ...text } of jobs) {
      if (cover) continue;
      const key = createHash('sha256')
        .update(`${CARD_TEMPLATE_VERSION}\n${fonts.hash}\n${JSON.stringify(text)}`)
        .digest('hex')
        .slice(0, 24);
      const out = path.join(cacheDir, `${key}.png`);
      files.set(pagePath, out);
      if (fs.existsSync(out)) cached += 1;
      // Two pages with the same card (a repeated title) share one file, drawn once.
      else if (!queued.has(out)) {
        queued.add(out);
        todo.push({ text, out });
      }
    }
    const data = { jobs: todo, queues: new Int32Array(new SharedArrayBuffer(8)), fonts: { files: fonts.files, heading: fonts.heading } };
    const threads = cardThreads(data);
    const count = Math.min(workers, todo.length);
    for (let i = 0; i < count; i++) threads.start(true);
    // Cover photos are cut by sharp's own threads, beside the drawing ones.
    const photoCards = coverCards(root, covers, cacheDir);
    photoCards.catch(() => {});
    return { files, threads, count, cached, photoCards };
  })();
  // Awaited by finish(); until then a failure (an unreadable font) must not count as unhandled.
  started.catch(() => {});
  return {
    async finish() {
      const { files, threads, count, cached, photoCards } = await started;
      if (!threads.allIn()) for (let i = 0; i < count; i++) threads.start(false);
      try {
        await threads.allDrawn;
      } finally {
        threads.stop();
      }
      const photos = await photoCards;
      for (const [pagePath, file] of photos.files) files.set(pagePath, file);
      const counts = threads.counts();
      return { files, drawn: counts.drawn + photos.drawn, drawnWhileWaited: counts.drawnWhileWaited, cached: cached + photos.cached };
    },
  };
}

/**
 * The cards of posts with a cover photo, each cached under a hash of the photo's bytes and the
 * card's settings: a photo changed under the same name gets a new card, an unchanged one is copied.
 */
async function coverCards(root: string, jobs: CardJob[], cacheDir: string) {
  const files = new Map<string, string>();
  let drawn = 0;
  let cached = 0;
  for (const job of jobs) {
    const file = job.cover as string;
    const bytes = fs.readFileSync(path.resolve(root, file));
    const key = createHash('sha256').update(`${COVER_CARD_VERSION}\n`).update(bytes).digest('hex').slice(0, 24);
    const out = path.join(cacheDir, `${key}.jpg`);
    files.set(job.pagePath, out);
    if (fs.existsSync(out)) cached += 1;
    else {
      writeWhole(out, await coverCard(bytes, file));
      drawn += 1;
    }
  }
  return { files, drawn, cached };
}

/** One worker per core but one: the bundler and the pre-render keep a core of their own. */
function defaultWorkers(): number {
  return Math.min(4, Math.max(1, os.availableParallelism() - 1));
}

/**
 * Puts each card from the cache in its place in the build (src/ui/head/social-card.ts): a hard link
 * where the file system allows one (a thousand links take milliseconds, copies a quarter of a
 * second at the end of the build; cached files are never changed in place, only replaced by
 * renaming), else a copy.
 */
export function publishCards(result: CardsResult, distDir: string): void {
  for (const [pagePath, file] of result.files) {
    const target = path.join(distDir, cardPath(pagePath, file.endsWith('.jpg') ? 'jpg' : 'png').slice(1));
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
