/**
 * Worker thread: draws cards to PNG files (card-png.ts), preparing each distinct background
 * (brand, label, site) once. This is the part that costs CPU, so it runs beside the bundler and
 * the pre-render. Each PNG is written under a temporary name and renamed, so the cache never
 * holds half a card.
 */
import fs from 'node:fs';
import os from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { BODY_FONT, type CardText } from './card-svg';
import { drawCard, prepareBackground, type CardBackground } from './card-png';
import { glyphBounds, type CardFonts } from './fonts';

export interface CardWorkerData {
  jobs: { text: CardText; out: string }[];
  fonts: Pick<CardFonts, 'files' | 'heading'>;
}

/**
 * Cards between two turns of the event loop. The rasteriser's pictures live in native memory that
 * is freed only once the garbage collector has let them go and the event loop has run their
 * finalisers: a worker that never yields holds every card it drew (gigabytes at a thousand cards)
 * and pays for fresh memory each time.
 */
const CARDS_PER_TURN = 8;

// Cards are background work: on Linux, where a thread has a priority of its own, this one gives
// way to the bundler and the pre-render and draws on the CPU they leave idle.
if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_LOW);

const { jobs, fonts } = workerData as CardWorkerData;
const font = { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: BODY_FONT };
const glyphs = glyphBounds(fs.readFileSync(fonts.heading));
const backgrounds = new Map<string, CardBackground>();
for (const [i, { text, out }] of jobs.entries()) {
  const key = JSON.stringify([text.brand, text.label, text.site]);
  let background = backgrounds.get(key);
  if (!background) backgrounds.set(key, (background = prepareBackground(text, font)));
  fs.writeFileSync(`${out}.tmp`, drawCard(background, text, font, glyphs).png);
  fs.renameSync(`${out}.tmp`, out);
  if (i % CARDS_PER_TURN === CARDS_PER_TURN - 1) await nextTurn();
}
parentPort?.postMessage(jobs.length);
