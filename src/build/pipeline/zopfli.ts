/**
 * A zopfli encoder's gzip of some bytes, made on a worker thread. The encoder (the package
 * @gfx/zopfli, WebAssembly: no native build) compresses synchronously for up to a good part of a
 * second per page, which on the build's main thread would hold up the pre-render for as long; on
 * a thread of its own it runs beside it. One thread serves every page of a build (starting one
 * and its WebAssembly costs more than a fast setting's page), and it does not keep the process
 * alive once nothing waits for it. The worker is plain JavaScript given as text, so it needs no
 * TypeScript loader of its own.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzip } = require(workerData.zopfli);
parentPort.on('message', ({ id, bytes, options }) => {
  gzip(bytes, options, (error, output) => {
    if (error) parentPort.postMessage({ id, error: String(error) });
    else parentPort.postMessage({ id, output }, [output.buffer]);
  });
});
`;

/** How hard zopfli works: its passes over the data (its default is 15) and the most deflate blocks it splits it into (0: one block, no splitting). */
export interface ZopfliEffort {
  iterations: number;
  blocks: number;
}

interface Reply {
  id: number;
  output?: Uint8Array;
  error?: string;
}

let worker: Worker | null = null;
const waiting = new Map<number, { resolve: (output: Buffer) => void; reject: (error: Error) => void }>();
let nextId = 0;

function failAll(error: Error): void {
  for (const { reject } of waiting.values()) reject(error);
  waiting.clear();
  worker = null;
}

function theWorker(): Worker {
  if (worker) return worker;
  const zopfli = createRequire(import.meta.url).resolve('@gfx/zopfli');
  const started = new Worker(WORKER, { eval: true, workerData: { zopfli } });
  started.unref();
  started.on('message', ({ id, output, error }: Reply) => {
    const job = waiting.get(id);
    if (!job) return;
    waiting.delete(id);
    if (output) job.resolve(Buffer.from(output.buffer, output.byteOffset, output.byteLength));
    else job.reject(new Error(`zopfli: ${error ?? 'no output'}`));
    if (waiting.size === 0) started.unref();
  });
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`The zopfli worker ended with code ${code}`)));
  worker = started;
  return started;
}

/** The gzip stream of `bytes`, as zopfli makes it with `effort`. */
export function zopfliGzip(bytes: Uint8Array, effort: ZopfliEffort): Promise<Buffer> {
  const thread = theWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    // Kept alive while a page waits for it.
    thread.ref();
    const options =
      effort.blocks === 0
        ? { numiterations: effort.iterations, blocksplitting: false }
        : { numiterations: effort.iterations, blocksplittingmax: effort.blocks };
    thread.postMessage({ id, bytes, options });
  });
}
