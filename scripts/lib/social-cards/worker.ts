/**
 * Worker thread: draws cards to PNG files (card-png.ts), preparing each distinct background
 * (brand, label, site) once; a right-to-left card is drawn whole. This is the part that costs
 * CPU, so it runs beside the bundler and the pre-render, at low priority (index.ts). The workers
 * of a build take the cards one at a time from a queue shared between threads (see
 * CardWorkerData.queues). Each PNG is written whole (src/build/pipeline/write-whole.ts), so the
 * cache never holds half a card.
 */
import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { BODY_FONT, type CardText } from './card-svg';
import { drawCard, measureWith, prepareBackground, wholeCard, type CardBackground } from './card-png';
import type { CardFonts } from './fonts';
import { writeWhole } from '../../../src/build/pipeline/write-whole';
import { glyphBounds } from './glyph-bounds';

export interface CardWorkerData {
  jobs: { text: CardText; out: string }[];
  /**
   * In shared memory, the index of the next job for each kind of thread: [0] for the background
   * threads, [1] for the threads started once the build waits. Each thread takes an index and adds
   * one. The second kind goes through every job again and draws each whose file is not there yet,
   * including one a background thread has taken but, at its priority, not finished.
   */
  queues: Int32Array;
  /** Whether this thread is a background one (low priority, first queue). */
  background: boolean;
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
 * The collector, which the runtime hands out only with the expose-gc flag: the flag is set, and a
 * new context made that has it (the way Jest's leak detector does). It stays set: the flag is the
 * whole process's, and a thread turning it off again while another was making its context left
 * that one without a collector (a build failed with "gc is not defined").
 */
function youngCollector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
  return () => gc({ type: 'minor' });
}

const { jobs, queues, background: inBackground, fonts } = workerData as CardWorkerData;
const queue = inBackground ? 0 : 1;
const font = { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: BODY_FONT };
const glyphs = glyphBounds(fs.readFileSync(fonts.heading));
const backgrounds = new Map<string, CardBackground>();
const measure = measureWith(font);

function backgroundOf(text: CardText): CardBackground {
  const key = JSON.stringify([text.brand, text.label, text.site]);
  let background = backgrounds.get(key);
  if (!background) backgrounds.set(key, (background = prepareBackground(text, font)));
  return background;
}
const collect = youngCollector();
let drew = 0;
for (let i = Atomics.add(queues, queue, 1); i < jobs.length; i = Atomics.add(queues, queue, 1)) {
  const { text, out } = jobs[i];
  // Drawn meanwhile by another thread, or by another build beside this one: reported all the same.
  if (fs.existsSync(out)) {
    parentPort?.postMessage(out);
    continue;
  }
  writeWhole(out, text.dir === 'rtl' ? wholeCard(text, font, measure) : drawCard(backgroundOf(text), text, font, glyphs).png);
  parentPort?.postMessage(out);
  drew += 1;
  if (drew % CARDS_PER_TURN === 0) {
    collect();
    await nextTurn();
  }
}
