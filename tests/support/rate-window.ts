/** What the rate-limit tests of both limiters (the database's and the memory one) measure traffic with. */
import { WINDOW_MS } from '../../src/server/rate-limit';

/** The largest number of `times` inside any window of WINDOW_MS (a window starts at each time). */
export function mostInAnyWindow(times: number[]): number {
  let most = 0;
  for (const start of times) most = Math.max(most, times.filter((t) => t >= start && t < start + WINDOW_MS).length);
  return most;
}

/** A small deterministic generator, so a failure can be replayed. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}
