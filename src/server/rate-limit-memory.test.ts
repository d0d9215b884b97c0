/** The memory limiter holds the same rule as the database's (rate-limit.test.ts). */
import { describe, expect, it } from 'vitest';
import { WINDOW_MS } from './rate-limit';
import { createMemoryLimiter, MAX_CLIENTS, memoryRateLimiter } from './rate-limit-memory';
import { mostInAnyWindow, random } from '../../tests/support/rate-window';

describe('the lead limit kept in memory (PGlite: one server per database)', () => {
  it('allows `limit` requests per client per minute and says when to come back', () => {
    const limiter = createMemoryLimiter(2);
    expect(limiter.hitAt('a', 0)).toBeNull();
    expect(limiter.hitAt('a', 1_000)).toBeNull();
    expect(limiter.hitAt('a', 2_000)).toBe(58);
    expect(limiter.hitAt('b', 2_000)).toBeNull();
    expect(limiter.hitAt('a', 60_000)).toBeNull();
  });

  it('frees one place each time the oldest accepted request leaves the window', () => {
    const limiter = createMemoryLimiter(3);
    for (const at of [0, 30_000, 59_000]) expect(limiter.hitAt('a', at)).toBeNull();
    expect(limiter.hitAt('a', 59_500)).toBe(1);
    expect(limiter.hitAt('a', 60_000)).toBeNull();
    expect(limiter.hitAt('a', 61_000)).toBe(29);
    expect(limiter.hitAt('a', 90_000)).toBeNull();
    expect(limiter.hitAt('a', 90_001)).toBe(29);
    expect(createMemoryLimiter(0).hitAt('a', 0)).toBe(60);
  });

  it('lets no more than 20 through in any 60 s, also across the end of one minute and the start of the next', () => {
    const limiter = createMemoryLimiter(20);
    const accepted: number[] = [];
    const send = (at: number) => limiter.hitAt('203.0.113.1', at) === null && accepted.push(at);
    // One early request, then a burst just before the minute it opened ends and one just after.
    send(0);
    for (let i = 0; i < 40; i += 1) send(59_000 + i * 50);
    expect(mostInAnyWindow(accepted)).toBeLessThanOrEqual(20);
    // The first 20, and one more once the very first has left the window.
    expect(accepted).toHaveLength(21);
  });

  it('holds the limit under ten minutes of irregular traffic and still lets the limit through each minute', () => {
    const limiter = createMemoryLimiter(20);
    const next = random(42);
    const accepted: number[] = [];
    for (let at = 0; at < 10 * WINDOW_MS; at += Math.floor(next() * 800)) if (limiter.hitAt('198.51.100.7', at) === null) accepted.push(at);
    expect(mostInAnyWindow(accepted)).toBe(20);
    expect(accepted.length).toBeGreaterThanOrEqual(20 * 10);
  });

  it('forgets the client heard from least recently when the table is full', () => {
    const limiter = createMemoryLimiter(1, 2);
    expect(limiter.hitAt('a', 0)).toBeNull();
    expect(limiter.hitAt('b', 0)).toBeNull();
    expect(limiter.hitAt('a', 1)).not.toBeNull();
    // A third client takes b's place: a was heard from since.
    expect(limiter.hitAt('c', 2)).toBeNull();
    expect(limiter.hitAt('a', 3)).not.toBeNull();
    expect(limiter.hitAt('b', 4)).toBeNull();
  });

  it('adds a new address to a full table without walking it', () => {
    const limiter = createMemoryLimiter(20);
    for (let i = 0; i < MAX_CLIENTS; i += 1) limiter.hitAt(`a${i}`, 0);
    // A walk of 100,000 entries per new address took about 2 ms each: 2,000 would take seconds.
    const started = performance.now();
    for (let i = 0; i < 2_000; i += 1) limiter.hitAt(`b${i}`, 1);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('answers the lead route as the database limiter does', async () => {
    const limiter = memoryRateLimiter(1);
    expect(await limiter.hit('a', new Date(0))).toBeNull();
    expect(await limiter.hit('a', new Date(1_000))).toBe(59);
  });
});
