import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileWriter } from './file-writer';

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-file-writer-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('FileWriter', () => {
  it('has written every queued file, in folders it made, when done() resolves, also files queued while it writes', async () => {
    const writer = new FileWriter();
    const files = Array.from({ length: 300 }, (_, i) => path.join(dir, 'blog', String(i), 'index.html'));
    files.slice(0, 150).forEach((file, i) => writer.write(file, `<p>${i}</p>`));
    await new Promise((resolve) => setImmediate(resolve));
    files.slice(150).forEach((file, i) => writer.write(file, Buffer.from(`<p>${150 + i}</p>`)));
    await writer.done();
    expect(files.map((file) => fs.readFileSync(file, 'utf8'))).toEqual(files.map((_, i) => `<p>${i}</p>`));
  });

  it('writes again once done, into the same folder', async () => {
    const writer = new FileWriter();
    writer.write(path.join(dir, 'a.txt'), 'first');
    await writer.done();
    writer.write(path.join(dir, 'a.txt'), 'second');
    await writer.done();
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('second');
  });

  it('rejects naming the file that could not be written, after writing the others', async () => {
    fs.writeFileSync(path.join(dir, 'taken'), 'a file where a folder should be');
    const writer = new FileWriter();
    writer.write(path.join(dir, 'taken', 'index.html'), 'x');
    writer.write(path.join(dir, 'fine.html'), 'y');
    await expect(writer.done()).rejects.toThrow(`${path.join(dir, 'taken', 'index.html')} could not be written: EEXIST`);
    expect(fs.readFileSync(path.join(dir, 'fine.html'), 'utf8')).toBe('y');
  });
});
