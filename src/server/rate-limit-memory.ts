/**
 * The same per-client rule as rate-limit.ts (at most `limit` accepted from one client address in
 * any 60 s, a sliding window), kept in this process's memory. For a database one process alone can
 * open (PGlite: the folder lock lets no second server in), there is no other server to share the
 * count with, and a lookup in memory costs microseconds where a database function call costs
 * milliseconds on PGlite, inside the server's own process; a restart forgets the counts.
 */
import { WINDOW_MS, type RateLimiter } from './rate-limit';

/** Counts one request at `now` (ms); null when allowed, else the seconds until one more would be. */
export interface MemoryLimiter {
  hitAt(client: string, now: number): number | null;
}

/** Bounds memory under an address-spraying flood. */
export const MAX_CLIENTS = 100_000;

/**
 * The times of a client's requests accepted in the last WINDOW_MS, oldest first from `head` on:
 * a queue that drops what left the window, so it holds at most `limit` times, and no more than the
 * last minute's even when the limit is set very high to switch it off.
 */
interface History {
  times: number[];
  head: number;
}

export function createMemoryLimiter(limit: number, maxClients = MAX_CLIENTS): MemoryLimiter {
  // Map keeps insertion order, and every hit moves its client to the end: the first key is the
  // client heard from least recently, forgotten in O(1) when a new one needs the room.
  const clients = new Map<string, History>();
  return {
    hitAt(client, now) {
      let history = clients.get(client);
      if (history) {
        clients.delete(client);
      } else {
        if (clients.size >= maxClients) clients.delete(clients.keys().next().value as string);
        history = { times: [], head: 0 };
      }
      clients.set(client, history);
      if (limit <= 0) return WINDOW_MS / 1000;
      const { times } = history;
      while (history.head < times.length && now - (times[history.head] as number) >= WINDOW_MS) history.head += 1;
      // Drop the consumed front once it is half the array: amortised O(1) per hit.
      if (history.head > 0 && history.head * 2 >= times.length) {
        times.splice(0, history.head);
        history.head = 0;
      }
      if (times.length - history.head < limit) {
        times.push(now);
        return null;
      }
      // Full: one more is allowed when the oldest accepted leaves the window.
      const oldest = times[history.head] as number;
      return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
    },
  };
}

/** The limiter as the lead route takes it. */
export function memoryRateLimiter(limit: number): RateLimiter {
  const limiter = createMemoryLimiter(limit);
  return { hit: async (client, now) => limiter.hitAt(client, now.getTime()) };
}
