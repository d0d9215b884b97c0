/**
 * In-memory Web Storage for unit tests in node, working or failing the way browsers fail:
 * full (every write throws QuotaExceededError) or disabled (every access throws SecurityError).
 * Test support only: the app never imports it.
 */
export class MemoryStorage implements Storage {
  data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
}

/** Quota exceeded: reads and removals work, every write throws. */
export class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException("Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.", 'QuotaExceededError');
  }
}

export const securityError = () =>
  new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');

/** Storage disabled by the browser: every access throws. */
export class DisabledStorage extends MemoryStorage {
  override getItem(): string | null {
    throw securityError();
  }
  override setItem(): void {
    throw securityError();
  }
  override removeItem(): void {
    throw securityError();
  }
}
