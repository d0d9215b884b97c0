/**
 * Slows down password guessing on a static host, by the rule in src/shared/domain/lockout.ts. The count lives in storage (one entry per portal under
 * KEYS.loginFailures) so a reload does not reset it, and in memory too, so a browser whose
 * storage is disabled or full is still slowed down and can still sign in.
 */
import * as v from 'valibot';
import { LOCKOUT_MS, MAX_FAILURES, type Portal } from '@/shared/domain/lockout';
import { KEYS } from '@/browser/storage/storage';
import { readJson, writeJson } from '@/browser/storage/stored-json';

const Entry = v.object({
  failures: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lockedUntil: v.number(),
});
type Entry = v.InferOutput<typeof Entry>;
const Stored = v.object({ admin: v.optional(Entry), investor: v.optional(Entry) });
type Stored = v.InferOutput<typeof Stored>;

const CLEAR: Entry = { failures: 0, lockedUntil: 0 };
const memory: Record<Portal, Entry> = { admin: CLEAR, investor: CLEAR };

function readStored(): Stored | null {
  return readJson(KEYS.loginFailures, v.nullable(Stored), null);
}

function entry(portal: Portal): Entry {
  // Storage is shared with other tabs, so it wins when readable; memory covers broken storage.
  return readStored()?.[portal] ?? memory[portal];
}

function save(portal: Portal, next: Entry): void {
  memory[portal] = next;
  // A failed write is already logged by storage.ts; the in-memory count still applies.
  writeJson(KEYS.loginFailures, { ...readStored(), [portal]: next });
}

/** Milliseconds until the portal accepts attempts again; 0 when it is not locked. */
export function lockedFor(portal: Portal, now: number = Date.now()): number {
  const left = entry(portal).lockedUntil - now;
  // Capped so a corrupted or tampered timestamp cannot lock anyone out for longer than the rule says.
  return left > 0 ? Math.min(left, LOCKOUT_MS) : 0;
}

/**
 * Counts a failed attempt; returns the lockout in force after it (ms), or 0. Two tabs can check a
 * wrong password against the same count at once, so a failure may arrive while the other tab's
 * failure has already started a lock: it then leaves that lock exactly as it is (never shorter,
 * never longer) and is not counted towards the next one.
 */
export function recordFailure(portal: Portal, now: number = Date.now()): number {
  const locked = lockedFor(portal, now);
  if (locked > 0) return locked;
  const failures = entry(portal).failures + 1;
  if (failures >= MAX_FAILURES) {
    // The count starts over once the lockout ends: five more failures lock again.
    save(portal, { failures: 0, lockedUntil: now + LOCKOUT_MS });
    return LOCKOUT_MS;
  }
  save(portal, { failures, lockedUntil: 0 });
  return 0;
}

export function recordSuccess(portal: Portal): void {
  save(portal, CLEAR);
}
