/**
 * Worker thread: rasterises card SVGs to PNG files. The SVGs are drawn on the main thread
 * (cheap); this is the part that costs CPU, so it runs beside the bundler and the pre-render.
 * Each PNG is written under a temporary name and renamed, so the cache never holds half a card.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { Resvg } from '@resvg/resvg-js';

export interface CardWorkerData {
  jobs: { svg: string; out: string }[];
  fontFiles: string[];
}

const { jobs, fontFiles } = workerData as CardWorkerData;
const font = { loadSystemFonts: false, fontFiles, defaultFontFamily: 'Inter' };
for (const { svg, out } of jobs) {
  const png = new Resvg(svg, { font }).render().asPng();
  fs.writeFileSync(`${out}.tmp`, png);
  fs.renameSync(`${out}.tmp`, out);
}
parentPort?.postMessage(jobs.length);
