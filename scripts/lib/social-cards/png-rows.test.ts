import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adler32, adler32Combine, deflateRun, filterRows, pngFile, rowBytes } from './png-rows';

/** zlib's own Adler-32 of `data`: the last four bytes of a zlib stream. */
function zlibAdler(data: Uint8Array): number {
  const stream = zlib.deflateSync(data, { level: 0 });
  return stream.readUInt32BE(stream.length - 4);
}

/** Bytes that do not repeat in a hurry, with runs of the same byte among them. */
function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = i % 97 < 40 ? 7 : x >>> 24;
  }
  return out;
}

describe('adler32', () => {
  it('matches zlib, short and over several million bytes', () => {
    for (const data of [new Uint8Array(0), bytes(1, 1), bytes(5553, 2), bytes(3_000_000, 3), new Uint8Array(3_000_000).fill(255)]) {
      expect(adler32(data)).toBe(zlibAdler(data));
    }
  });

  it('combines two runs into the checksum of both end to end', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 70_000],
      [65_521, 65_521],
      [100_000, 3],
    ]) {
      const first = bytes(a, 4);
      const second = bytes(b, 5);
      expect(adler32Combine(adler32(first), adler32(second), second.length)).toBe(zlibAdler(Buffer.concat([first, second])));
    }
  });
});

describe('pngFile', () => {
  it('joins runs deflated on their own into one valid PNG of the filtered rows', () => {
    const width = 7;
    const height = 5;
    const rgba = bytes(width * height * 4, 6);
    const filtered = new Uint8Array(rowBytes(width) * height);
    filterRows(rgba, width, height, filtered);
    const stride = rowBytes(width);
    const runs = [
      deflateRun(filtered.subarray(0, 2 * stride), 9),
      deflateRun(filtered.subarray(2 * stride, 3 * stride), 1),
      deflateRun(filtered.subarray(3 * stride), 6),
    ];
    const png = pngFile(width, height, runs);

    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks: { type: string; data: Buffer }[] = [];
    for (let at = 8; at < png.length;) {
      const length = png.readUInt32BE(at);
      const type = png.toString('latin1', at + 4, at + 8);
      expect(png.readUInt32BE(at + 8 + length), type).toBe(zlib.crc32(png.subarray(at + 4, at + 8 + length)) >>> 0);
      chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect([...chunks[0].data]).toEqual([0, 0, 0, width, 0, 0, 0, height, 8, 2, 0, 0, 0]);
    // inflateSync checks the stream's Adler-32 too.
    const data = zlib.inflateSync(chunks[1].data);
    expect(Buffer.compare(data, filtered)).toBe(0);
    // Sub filter undone: each row gives back its RGB pixels.
    for (let y = 0; y < height; y++) {
      const row = data.subarray(y * stride + 1, (y + 1) * stride);
      for (let i = 3; i < row.length; i++) row[i] = (row[i] + row[i - 3]) & 255;
      const expected = Array.from({ length: width * 3 }, (_, i) => rgba[(y * width + Math.floor(i / 3)) * 4 + (i % 3)]);
      expect([...row]).toEqual(expected);
    }
  });
});
