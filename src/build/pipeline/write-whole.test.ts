import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeWhole } from './write-whole';

describe('writeWhole', () => {
  let dir = '';
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts the whole file in place, replacing an older one, and leaves no temporary file', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-write-whole-'));
    const target = path.join(dir, 'card.png');
    fs.writeFileSync(target, 'old');
    writeWhole(target, Buffer.from('new bytes'));
    expect(fs.readFileSync(target, 'utf8')).toBe('new bytes');
    expect(fs.readdirSync(dir)).toEqual(['card.png']);
  });
});
