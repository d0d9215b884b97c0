import { describe, expect, it, vi } from 'vitest';
import { within } from './search-limits';

describe('within', () => {
  it('gives the work its result in time, and an error once the time is up', async () => {
    await expect(within(1000, Promise.resolve(3))).resolves.toBe(3);
    vi.useFakeTimers();
    try {
      const never = within(50, new Promise(() => undefined));
      vi.advanceTimersByTime(50);
      await expect(never).rejects.toThrow('The search took more than 0.05 s');
    } finally {
      vi.useRealTimers();
    }
  });
});
