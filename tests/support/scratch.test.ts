/**
 * A run ended before its clean-up leaves folders named for its processes; the next run removes
 * those whose process has ended, and nothing else: not a running process's (a run beside it), not
 * a shared one without an owner (the databases' template), not another prefix's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ownedTempDir, removeAbandoned, removeAbandonedOnce } from './scratch';

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-scratch-test-'));
afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

it('removes the folders of ended processes, and keeps the rest', () => {
  const ended = spawnSync('true').pid;
  const names = [`gb-x-${ended}-aB3dE9`, 'gb-x-template-1.0', `gb-y-${ended}-aB3dE9`];
  for (const name of names) fs.mkdirSync(path.join(parent, name));
  fs.writeFileSync(path.join(parent, names[0], 'data'), 'left by a killed run');
  const own = path.basename(ownedTempDir(parent, 'gb-x-'));
  expect(own).toMatch(new RegExp(`^gb-x-${process.pid}-`));

  removeAbandoned(parent, ['gb-x-']);

  expect(fs.readdirSync(parent).sort()).toEqual([own, 'gb-x-template-1.0', `gb-y-${ended}-aB3dE9`].sort());
});

it('passes over a folder that is not there', () => {
  expect(() => removeAbandoned(path.join(parent, 'missing'), ['gb-x-'])).not.toThrow();
});

it('sweeps a kind of folder once a process, so a helper can ask before each test at no cost', () => {
  const ended = spawnSync('true').pid;
  const first = `gb-z-${ended}-aB3dE9`;
  fs.mkdirSync(path.join(parent, first));
  removeAbandonedOnce(parent, 'gb-z-');
  expect(fs.existsSync(path.join(parent, first))).toBe(false);

  const later = `gb-z-${ended}-cD4eF0`;
  fs.mkdirSync(path.join(parent, later));
  removeAbandonedOnce(parent, 'gb-z-');
  expect(fs.existsSync(path.join(parent, later))).toBe(true);
});
