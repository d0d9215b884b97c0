import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow, type StorageMode } from '../../../tests/support/fake-storage';
import { sessionFlag } from './portal-session';

const KEY = 'gb:test-authenticated';
let mode: StorageMode = 'working';
let win: ReturnType<typeof fakeWindow>;

beforeEach(() => {
  mode = 'working';
  win = fakeWindow(() => mode);
  vi.stubGlobal('window', win);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sessionFlag', () => {
  it("persists 'true' and 'false' and starts from the stored value", () => {
    win.localStorage.setItem(KEY, 'true');
    const flag = sessionFlag(KEY);
    expect(flag.read()).toBe(true);
    expect(flag.write(false)).toBe(true);
    expect(win.localStorage.getItem(KEY)).toBe('false');
    expect(flag.read()).toBe(false);
  });

  it('treats anything but "true" as signed out', () => {
    win.localStorage.setItem(KEY, 'yes');
    expect(sessionFlag(KEY).read()).toBe(false);
  });

  it('keeps a sign-in in memory when storage is disabled', () => {
    mode = 'disabled';
    const flag = sessionFlag(KEY);
    expect(flag.read()).toBe(false);
    expect(flag.write(true)).toBe(false);
    expect(flag.read()).toBe(true);
    flag.write(false);
    expect(flag.read()).toBe(false);
  });

  it('a sign-out takes effect even when storage is full', () => {
    const flag = sessionFlag(KEY);
    flag.write(true);
    mode = 'full';
    flag.write(false);
    expect(flag.read()).toBe(false);
    expect(win.localStorage.getItem(KEY)).toBeNull();
  });

  it('a successful write replaces the in-memory value', () => {
    mode = 'disabled';
    const flag = sessionFlag(KEY);
    flag.write(true);
    mode = 'working';
    flag.write(false);
    expect(flag.read()).toBe(false);
  });
});
