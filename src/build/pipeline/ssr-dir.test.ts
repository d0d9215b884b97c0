/** The server bundle of a build moved by GB_OUT_DIR: one folder per site folder, inside the project. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ssrDirFor } from './ssr-dir';

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
