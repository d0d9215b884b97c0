/**
 * Worker thread: draws cards to PNG files (card-png.ts), preparing each distinct background
 * (brand, label, site) once. This is the part that costs CPU, so it runs beside the bundler and
 * the pre-render, at low priority (index.ts). The workers of a build take the cards one at a time
 * from one queue (an index shared between threads), so a worker started later takes over what is
 * left. Each PNG is written under a temporary name and renamed, so the cache never holds half a
 * card.
 */
import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { BODY_FONT, type CardText } from './card-svg';
import { drawCard, prepareBackground, type CardBackground } from './card-png';
import type { CardFonts } from './fonts';
import { glyphBounds } from './glyph-bounds';

export interface CardWorkerData {
  jobs: { text: CardText; out: string }[];
  /** Index of the next job to draw, in shared memory: each worker takes it and adds one. */
  next: Int32Array;
  fonts: Pick<CardFonts, 'files' | 'heading'>;
}

/**
 * Cards between two collections of the young generation, each followed by a turn of the event
 * loop. The rasteriser's pictures live in native memory, which the JavaScript heap does not see:
 * it is freed only once the garbage collector has let their handles go and the event loop has run
 * their finalisers. Left to itself, the collector comes by rarely, and a worker that never yields
 * holds every card it drew (1.7 GB at a thousand cards); each card then pays for fresh pages. A
 * minor collection every 8 cards keeps reusing the same memory (a third less CPU a card than
 * yielding alone, and a third of the page faults).
 */
const CARDS_PER_TURN = 8;

/**
 * The collector, which the runtime hands out only with the expose-gc flag: the flag is set just
 * long enough to make a context that has it (the way Jest's leak detector does).
 */
function youngCollector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
  v8.setFlagsFromString('--no-expose-gc');
  return () => gc({ type: 'minor' });
}

const { jobs, next, fonts } = workerData as CardWorkerData;
const font = { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: BODY_FONT };
const glyphs = glyphBounds(fs.readFileSync(fonts.heading));
const backgrounds = new Map<string, CardBackground>();
const collect = youngCollector();
let drew = 0;
for (let i = Atomics.add(next, 0, 1); i < jobs.length; i = Atomics.add(next, 0, 1)) {
  const { text, out } = jobs[i];
  const key = JSON.stringify([text.brand, text.label, text.site]);
  let background = backgrounds.get(key);
  if (!background) backgrounds.set(key, (background = prepareBackground(text, font)));
  fs.writeFileSync(`${out}.tmp`, drawCard(background, text, font, glyphs).png);
  fs.renameSync(`${out}.tmp`, out);
  parentPort?.postMessage(out);
  drew += 1;
  if (drew % CARDS_PER_TURN === 0) {
    collect();
    await nextTurn();
  }
}
