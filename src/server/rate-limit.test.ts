import { describe, expect, it } from 'vitest';
import { createRateLimiter, MAX_CLIENTS, WINDOW_MS } from './rate-limit';

/** The largest number of `times` inside any window of WINDOW_MS (a window starts at each time). */
function mostInAnyWindow(times: number[]): number {
  let most = 0;
  for (const start of times) most = Math.max(most, times.filter((t) => t >= start && t < start + WINDOW_MS).length);
  return most;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('createRateLimiter', () => {
  it('allows `limit` requests per client per minute and says when to come back', () => {
    const limiter = createRateLimiter(2);
    expect(limiter.hit('a', 0)).toBeNull();
    expect(limiter.hit('a', 1_000)).toBeNull();
    expect(limiter.hit('a', 2_000)).toBe(58);
    expect(limiter.hit('b', 2_000)).toBeNull();
    expect(limiter.hit('a', 60_000)).toBeNull();
  });

  it('frees one place each time the oldest accepted request leaves the window', () => {
    const limiter = createRateLimiter(3);
    for (const at of [0, 30_000, 59_000]) expect(limiter.hit('a', at)).toBeNull();
    expect(limiter.hit('a', 59_500)).toBe(1);
    expect(limiter.hit('a', 60_000)).toBeNull();
    expect(limiter.hit('a', 61_000)).toBe(29);
    expect(limiter.hit('a', 90_000)).toBeNull();
    expect(limiter.hit('a', 90_001)).toBe(29);
    expect(createRateLimiter(0).hit('a', 0)).toBe(60);
  });

  it('lets no more than 20 through in any 60 s, also across the end of one minute and the start of the next', () => {
    const limiter = createRateLimiter(20);
    const accepted: number[] = [];
    const send = (at: number) => limiter.hit('203.0.113.1', at) === null && accepted.push(at);
    // One early request, then a burst just before the minute it opened ends and one just after.
    send(0);
    for (let i = 0; i < 40; i += 1) send(59_000 + i * 50);
    expect(mostInAnyWindow(accepted)).toBeLessThanOrEqual(20);
    // The first 20, and one more once the very first has left the window.
    expect(accepted).toHaveLength(21);
  });

  it('holds the limit under ten minutes of irregular traffic and still lets the limit through each minute', () => {
    const limiter = createRateLimiter(20);
    const next = random(42);
    const accepted: number[] = [];
    for (let at = 0; at < 10 * WINDOW_MS; at += Math.floor(next() * 800)) if (limiter.hit('198.51.100.7', at) === null) accepted.push(at);
    expect(mostInAnyWindow(accepted)).toBe(20);
    expect(accepted.length).toBeGreaterThanOrEqual(20 * 10);
  });

  it('forgets the client heard from least recently when the table is full', () => {
    const limiter = createRateLimiter(1, 2);
    expect(limiter.hit('a', 0)).toBeNull();
    expect(limiter.hit('b', 0)).toBeNull();
    expect(limiter.hit('a', 1)).not.toBeNull();
    // A third client takes b's place: a was heard from since.
    expect(limiter.hit('c', 2)).toBeNull();
    expect(limiter.hit('a', 3)).not.toBeNull();
    expect(limiter.hit('b', 4)).toBeNull();
  });

  it('adds a new address to a full table without walking it', () => {
    const limiter = createRateLimiter(20);
    for (let i = 0; i < MAX_CLIENTS; i += 1) limiter.hit(`a${i}`, 0);
    // A walk of 100,000 entries per new address took about 2 ms each: 2,000 would take seconds.
    const started = performance.now();
    for (let i = 0; i < 2_000; i += 1) limiter.hit(`b${i}`, 1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
