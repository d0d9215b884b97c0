/**
 * What the benchmarks that start the real server share: its resident memory read from /proc, a
 * size in megabytes, the machine's load average (figures move with it), and an admin's session
 * cookie.
 */
import fs from 'node:fs';
import os from 'node:os';

export const mb = (kB: number) => `${Math.round(kB / 1024)} MB`;

/** A field of /proc/<pid>/status or smaps_rollup, in kB, or NaN off Linux. */
export function procKb(pid: number, file: 'status' | 'smaps_rollup', field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/${file}`, 'utf8'));
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

/** The load average over 1, 5 and 15 minutes, e.g. "0.4, 1.2, 2.0". */
export const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(', ');

/** The session cookie of an admin account, signed in at `origin`. */
export async function adminCookie(origin: string, account: { ADMIN_USERNAME: string; ADMIN_PASSWORD: string }): Promise<string> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.ADMIN_USERNAME, password: account.ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
