/**
 * A zopfli encoder's gzip of some bytes, made on a worker thread. The encoder (the package
 * @gfx/zopfli, WebAssembly: no native build) compresses synchronously for a good part of a second
 * per page, which on the build's main thread would hold up the pre-render for as long; on a
 * thread of its own it runs beside it. The worker is plain JavaScript given as text, so it needs
 * no TypeScript loader of its own.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzip } = require(workerData.zopfli);
gzip(workerData.bytes, { numiterations: workerData.iterations, blocksplittingmax: workerData.blocks }, (error, output) => {
  if (error) throw error;
  parentPort.postMessage(output, [output.buffer]);
});
`;

/** The gzip stream of `bytes` at `iterations` passes (zopfli's default is 15), in at most `blocks` deflate blocks (its default is 15). */
export function zopfliGzip(bytes: Uint8Array, iterations: number, blocks: number): Promise<Buffer> {
  const zopfli = createRequire(import.meta.url).resolve('@gfx/zopfli');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { zopfli, bytes, iterations, blocks } });
    let result: Buffer | null = null;
    worker.once('message', (output: Uint8Array) => (result = Buffer.from(output.buffer, output.byteOffset, output.byteLength)));
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`The zopfli worker ended with code ${code} and no output`))));
  });
}
