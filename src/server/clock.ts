/**
 * The server's clock: the real time, or, when TEST_CLOCK_START is set (tests only), a clock that
 * starts at that instant when the server starts and runs on at the real pace from there. Tests
 * of the running process use it to bring on the team's morning (the digest) without waiting for it.
 */

/** TEST_CLOCK_START read: an ISO 8601 instant with its zone (2027-03-15T02:45:00Z), or null when not set. */
export function readClockStart(raw: string | undefined): Date | null {
  const text = raw?.trim();
  if (!text) return null;
  const at = Date.parse(text);
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  // Date.parse rolls a day past the month's end over (30 February is 2 March): such a day is refused.
  const realDay = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) || Number.isNaN(at) || !realDay) {
    throw new Error(`TEST_CLOCK_START must be an instant with its zone, like 2027-03-15T02:45:00Z (tests only); it is "${text}"`);
  }
  return new Date(at);
}

/** The time now: real, or counted on from `start` since this call. */
export function serverClock(start: Date | null, real: () => number = Date.now): () => Date {
  if (!start) return () => new Date(real());
  const offset = start.getTime() - real();
  return () => new Date(real() + offset);
}

/** Said at start, so a server with a moved clock is never taken for one on the real time. */
export function clockWarning(start: Date | null): string | null {
  return start ? `[server] TEST_CLOCK_START is set: this server's clock started at ${start.toISOString()}, not the real time. Only tests set it.` : null;
}
