/**
 * For unit tests in node: a minimal `window` with working, broken or full storage, so the
 * storage-backed auth modules can be tested without a browser. Not imported by the app.
 */
export type StorageMode = 'working' | 'disabled' | 'full';

export function fakeStorage(mode: () => StorageMode): Storage {
  const items = new Map<string, string>();
  const guard = (writing: boolean) => {
    if (mode() === 'disabled') throw new DOMException('The operation is insecure.', 'SecurityError');
    if (writing && mode() === 'full') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => (guard(false), items.get(key) ?? null),
    setItem: (key, value) => (guard(true), void items.set(key, String(value))),
    removeItem: (key) => (guard(false), void items.delete(key)),
    clear: () => items.clear(),
  };
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
