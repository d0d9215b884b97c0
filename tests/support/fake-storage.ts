/**
 * Web Storage and a minimal `window` for unit tests in node, working or failing the way browsers
 * fail: full (every write throws QuotaExceededError) or disabled (every access throws
 * SecurityError). The one storage fake of the tests; the app never imports it.
 */
export type StorageMode = 'working' | 'disabled' | 'full';

export const securityError = () =>
  new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');

export const quotaError = () => new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.", 'QuotaExceededError');

/** In-memory storage that behaves as `mode` says at each call (a test may switch it midway). */
export class MemoryStorage implements Storage {
  data = new Map<string, string>();
  constructor(private readonly mode: () => StorageMode = () => 'working') {}

  private guard(writing: boolean): void {
    const mode = this.mode();
    if (mode === 'disabled') throw securityError();
    if (writing && mode === 'full') throw quotaError();
  }
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    this.guard(false);
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.guard(false);
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.guard(true);
    this.data.set(key, String(value));
  }
}

/** Quota exceeded: reads and removals work, every write throws. */
export class FullStorage extends MemoryStorage {
  constructor() {
    super(() => 'full');
  }
}

/** Storage disabled by the browser: every access throws. */
export class DisabledStorage extends MemoryStorage {
  constructor() {
    super(() => 'disabled');
  }
}

/** Storage whose behaviour follows `mode` at each call. */
export function fakeStorage(mode: () => StorageMode): Storage {
  return new MemoryStorage(mode);
}

/** A window whose storage behaves as `mode` says at each call (switch it during a test). */
export function fakeWindow(mode: () => StorageMode = () => 'working') {
  return {
    localStorage: fakeStorage(mode),
    sessionStorage: fakeStorage(mode),
    addEventListener: () => {},
    removeEventListener: () => {},
  };
}
