/**
 * The sign-in lockout's rule, shared by the static host's gate in the browser (src/browser/auth/login-failures.ts
 * counts there) and the server's sign-in: after MAX_FAILURES failed attempts in a row a portal
 * refuses attempts for LOCKOUT_MS, and says so in the same words.
 */
export const MAX_FAILURES = 5;
export const LOCKOUT_MS = 30_000;

export type Portal = 'admin' | 'investor';

export function lockoutMessage(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return `Too many failed attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}
