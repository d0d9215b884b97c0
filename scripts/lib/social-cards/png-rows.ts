/**
 * An 8-bit RGB PNG assembled from runs of rows deflated separately, so that rows shared by many
 * images are compressed once and only the rows that differ are compressed per image.
 *
 * How the runs join: each run is raw deflate ended with a sync flush, which closes its last
 * block on a byte boundary without marking it final, and each run starts with no history, so
 * no back-reference crosses a join. Runs laid end to end are therefore one valid deflate
 * stream; a final empty block closes it, and the zlib checksum of the whole is combined from
 * the runs' own checksums. Every row uses the Sub filter, which looks only at its own row, so a
 * run's filtered bytes never depend on the run before it.
 */
import zlib from 'node:zlib';

/** Bytes of one filtered RGB row: the filter type, then three bytes a pixel. */
export const rowBytes = (width: number) => 1 + width * 3;

const SUB = 1;

/**
 * Writes `height` rows of premultiplied RGBA pixels (opaque: alpha is dropped) as Sub-filtered
 * RGB rows into `out`.
 */
export function filterRows(rgba: Uint8Array, width: number, height: number, out: Uint8Array): void {
  let o = 0;
  for (let y = 0; y < height; y++) {
    out[o++] = SUB;
    let s = y * width * 4;
    let r = 0;
    let g = 0;
    let b = 0;
    for (let x = 0; x < width; x++, s += 4) {
      const nr = rgba[s];
      const ng = rgba[s + 1];
      const nb = rgba[s + 2];
      out[o++] = (nr - r) & 255;
      out[o++] = (ng - g) & 255;
      out[o++] = (nb - b) & 255;
      r = nr;
      g = ng;
      b = nb;
    }
  }
}

const ADLER_BASE = 65521;
/** The most bytes whose sums cannot overflow 2^53 before the modulo (zlib's NMAX is for 32 bits). */
const ADLER_RUN = 1 << 20;

export function adler32(data: Uint8Array, start = 1): number {
  let a = start & 0xffff;
  let b = start >>> 16;
  for (let i = 0; i < data.length;) {
    const end = Math.min(data.length, i + ADLER_RUN);
    for (; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return b * 65536 + a;
}

/** The Adler-32 of two byte runs end to end, from each run's own checksum and the second's length. */
export function adler32Combine(first: number, second: number, secondLength: number): number {
  const rem = secondLength % ADLER_BASE;
  const a1 = first & 0xffff;
  const b1 = first >>> 16;
  const a2 = second & 0xffff;
  const b2 = second >>> 16;
  const a = (a1 + a2 + ADLER_BASE - 1) % ADLER_BASE;
  const b = (((rem * a1) % ADLER_BASE) + b1 + b2 + ADLER_BASE - rem) % ADLER_BASE;
  return b * 65536 + a;
}

/** One run of filtered rows, deflated on its own. */
export interface DeflatedRun {
  data: Buffer;
  /** Adler-32 and length of the filtered bytes before compression. */
  adler: number;
  length: number;
}

/** `adler`: the run's checksum when the caller already knows it. */
export function deflateRun(filtered: Uint8Array, level: number, adler = adler32(filtered)): DeflatedRun {
  return {
    data: zlib.deflateRawSync(filtered, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    adler,
    length: filtered.length,
  };
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Deflate, 32 KiB window, no preset dictionary; the check bits make it a multiple of 31. */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
/** A final, empty block with fixed codes: it ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** A PNG chunk whose data is `parts` end to end: length, type, data, CRC of type and data. */
function chunk(type: string, parts: Uint8Array[]): Uint8Array[] {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(
    parts.reduce((n, p) => n + p.length, 0),
    0,
  );
  head.write(type, 4, 'latin1');
  let crc = zlib.crc32(head.subarray(4));
  for (const part of parts) crc = zlib.crc32(part, crc);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc >>> 0, 0);
  return [head, ...parts, tail];
}

/** A `width` x `height` RGB PNG whose image data is `runs`, top to bottom. */
export function pngFile(width: number, height: number, runs: DeflatedRun[]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  // 8 bits per channel, colour type 2 (RGB), deflate, adaptive filtering, not interlaced.
  ihdr.set([8, 2, 0, 0, 0], 8);
  let adler = 1;
  for (const run of runs) adler = adler32Combine(adler, run.adler, run.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler >>> 0, 0);
  return Buffer.concat([
    SIGNATURE,
    ...chunk('IHDR', [ihdr]),
    ...chunk('IDAT', [ZLIB_HEADER, ...runs.map((r) => r.data), FINAL_BLOCK, trailer]),
    ...chunk('IEND', []),
  ]);
}
