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
 * The times of a client's last accepted requests, at most `limit`, oldest first from `next` on
 * (a ring once full), so the check is one comparison and memory stays `limit` numbers per client.
 */
interface History {
  times: number[];
  next: number;
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
        history = { times: [], next: 0 };
      }
      clients.set(client, history);
      if (limit <= 0) return Math.ceil(WINDOW_MS / 1000);
      if (history.times.length < limit) {
        history.times.push(now);
        return null;
      }
      // Full: the oldest of the last `limit` accepted must have left the window.
      const oldest = history.times[history.next] as number;
      if (now - oldest < WINDOW_MS) return Math.max(1, Math.ceil((oldest + WINDOW_MS - now) / 1000));
      history.times[history.next] = now;
      history.next = (history.next + 1) % limit;
      return null;
    },
  };
}
