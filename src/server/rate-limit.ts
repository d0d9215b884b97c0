/**
 * A per-client limit on lead submissions: at most `limit` accepted from one client address in any
 * 60 seconds, wherever the 60 seconds start (a sliding window, not a fixed minute whose end and the
 * next one's start would let through twice the limit). Kept in memory: it protects this process
 * from floods; several servers behind a balancer each apply it on their own (a shared limiter
 * would belong in the proxy).
 */
export interface RateLimiter {
  /** Counts one request; null when allowed, else the seconds until one more would be. */
  hit(client: string, now: number): number | null;
}

export const WINDOW_MS = 60_000;
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

export function createRateLimiter(limit: number, maxClients = MAX_CLIENTS): RateLimiter {
  // Map keeps insertion order, and every hit moves its client to the end: the first key is the
  // client heard from least recently, forgotten in O(1) when a new one needs the room.
  const clients = new Map<string, History>();
  return {
    hit(client, now) {
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
