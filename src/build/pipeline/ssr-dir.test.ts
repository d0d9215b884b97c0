/** The server bundle of a build moved by GB_OUT_DIR: one folder per site folder, inside the project. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeBuild, ssrDirFor } from './ssr-dir';

describe('ssrDirFor', () => {
  it('gives builds into folders of the same name, elsewhere, folders of their own', () => {
    expect(ssrDirFor('/tmp/run-a/out')).not.toBe(ssrDirFor('/tmp/run-b/out'));
  });

  it('gives the same folder for the same site folder, however it is written, under node_modules/.cache', () => {
    expect(ssrDirFor('/tmp/run-a/out')).toBe(ssrDirFor('/tmp/run-a/./x/../out'));
    expect(path.dirname(ssrDirFor('/tmp/run-a/out'))).toBe(path.resolve('node_modules/.cache/gb-ssr'));
    expect(path.basename(ssrDirFor('/tmp/run-a/out'))).toMatch(/^out-[0-9a-f]{12}$/);
  });
});

describe('removeBuild', () => {
  it('removes the site folder and its server bundle, and nothing of another build', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-remove-build-'));
    const [site, other] = [path.join(parent, 'out'), path.join(parent, 'other')];
    try {
      for (const dir of [site, ssrDirFor(site), other, ssrDirFor(other)]) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'entry-server.js'), '');
      }
      removeBuild(site);
      expect([site, ssrDirFor(site), other, ssrDirFor(other)].map((dir) => fs.existsSync(dir))).toEqual([false, false, true, true]);
    } finally {
      removeBuild(other);
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
