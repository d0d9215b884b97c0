import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` requests per client per minute and says when to come back', () => {
    const limiter = createRateLimiter(2);
    expect(limiter.hit('a', 0)).toBeNull();
    expect(limiter.hit('a', 1_000)).toBeNull();
    expect(limiter.hit('a', 2_000)).toBe(58);
    expect(limiter.hit('b', 2_000)).toBeNull();
    expect(limiter.hit('a', 60_000)).toBeNull();
  });
});
