import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow } from '../../../tests/support/fake-storage';
import { LOCKOUT_MS, MAX_FAILURES } from '@/shared/domain/lockout';

describe('recordFailure', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('window', fakeWindow());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('never shortens an active lock: a second tab failing at the same moment keeps it', async () => {
    // A fresh module per test: the in-memory fallback count must not leak between tests.
    const { lockedFor, recordFailure } = await import('./login-failures');
    const now = 1_000_000;
    for (let i = 1; i < MAX_FAILURES; i++) expect(recordFailure('admin', now)).toBe(0);
    // Tab A's fifth failure starts the lock; tab B's answer, checked against the same count, lands just after.
    expect(recordFailure('admin', now)).toBe(LOCKOUT_MS);
    expect(recordFailure('admin', now + 5)).toBe(LOCKOUT_MS - 5);
    expect(lockedFor('admin', now + 5)).toBe(LOCKOUT_MS - 5);
    expect(lockedFor('admin', now + LOCKOUT_MS - 1)).toBe(1);
    expect(lockedFor('admin', now + LOCKOUT_MS)).toBe(0);
  });

  it('does not extend the lock either, and counts afresh once it has ended', async () => {
    const { lockedFor, recordFailure } = await import('./login-failures');
    const now = 2_000_000;
    for (let i = 0; i < MAX_FAILURES; i++) recordFailure('investor', now);
    for (let i = 0; i < MAX_FAILURES; i++) recordFailure('investor', now + 1000);
    expect(lockedFor('investor', now + LOCKOUT_MS)).toBe(0);
    expect(lockedFor('admin', now)).toBe(0);
    const after = now + LOCKOUT_MS;
    for (let i = 1; i < MAX_FAILURES; i++) expect(recordFailure('investor', after)).toBe(0);
    expect(recordFailure('investor', after)).toBe(LOCKOUT_MS);
  });
});
