/**
 * Worker thread: draws cards to PNG files (card-png.ts), preparing each distinct background
 * (brand, label, site) once. This is the part that costs CPU, so it runs beside the bundler and
 * the pre-render. Each PNG is written under a temporary name and renamed, so the cache never
 * holds half a card.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { BODY_FONT, type CardText } from './card-svg';
import { drawCard, prepareBackground, type CardBackground } from './card-png';
import { glyphBounds, type CardFonts } from './fonts';

export interface CardWorkerData {
  jobs: { text: CardText; out: string }[];
  fonts: Pick<CardFonts, 'files' | 'heading'>;
}

const { jobs, fonts } = workerData as CardWorkerData;
const font = { loadSystemFonts: false, fontFiles: fonts.files, defaultFontFamily: BODY_FONT };
const glyphs = glyphBounds(fs.readFileSync(fonts.heading));
const backgrounds = new Map<string, CardBackground>();
for (const { text, out } of jobs) {
  const key = JSON.stringify([text.brand, text.label, text.site]);
  let background = backgrounds.get(key);
  if (!background) backgrounds.set(key, (background = prepareBackground(text, font)));
  fs.writeFileSync(`${out}.tmp`, drawCard(background, text, font, glyphs).png);
  fs.renameSync(`${out}.tmp`, out);
}
parentPort?.postMessage(jobs.length);
