/**
 * A per-client limit on lead submissions: at most `limit` requests per client address in any
 * fixed one-minute window. Kept in memory: it protects this process from floods; several servers
 * behind a balancer each apply it on their own (a shared limiter would belong in the proxy).
 */
interface RateLimiter {
  /** Counts one request; null when allowed, else the seconds until the window resets. */
  hit(client: string, now: number): number | null;
}

const WINDOW_MS = 60_000;
/** Bounds memory under an address-spraying flood; old windows are swept first. */
const MAX_CLIENTS = 100_000;

export function createRateLimiter(limit: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const sweep = (now: number) => {
    for (const [client, window] of windows) if (now - window.start >= WINDOW_MS) windows.delete(client);
    // Still full: forget the oldest entries (Map keeps insertion order).
    for (const client of windows.keys()) {
      if (windows.size < MAX_CLIENTS) break;
      windows.delete(client);
    }
  };
  return {
    hit(client, now) {
      let window = windows.get(client);
      if (!window || now - window.start >= WINDOW_MS) {
        if (!window && windows.size >= MAX_CLIENTS) sweep(now);
        window = { start: now, count: 0 };
        windows.delete(client);
        windows.set(client, window);
      }
      window.count += 1;
      if (window.count <= limit) return null;
      return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    },
  };
}
