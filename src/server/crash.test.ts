/**
 * Kill -9 in the middle of 400 submissions (16 in flight when it falls), restart on the same data
 * directory, send all of them again: every submission that was answered 2xx is stored, and none is
 * stored twice.
 */
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { submitBurst } from '../../tests/server/burst';
import { freshDataDir } from '../../tests/server/pglite';
import { spawnServer, type ServerProcess } from '../../tests/server/spawn-server';

const TOTAL = 400;
const CONCURRENCY = 16;
const KILL_AFTER_ACKS = 150;
/** A server start is about 10 s on a busy 2-core machine: its limit is a safety net for one three times slower. */
const START = { timeoutMs: 240_000 };
let dataDir = '';
const servers: ServerProcess[] = [];

afterAll(() => {
  for (const { child } of servers) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed with SIGKILL mid-run', () => {
  it('keeps every acknowledged submission exactly once after a restart and retries', async () => {
    dataDir = await freshDataDir();
    const first = await spawnServer(0, { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' }, START);
    servers.push(first);
    const acked = await submitBurst(first.origin, {
      total: TOTAL,
      concurrency: CONCURRENCY,
      onAck: (count) => {
        if (count === KILL_AFTER_ACKS) first.child.kill('SIGKILL');
      },
    });
    expect(await first.exited).toBeNull();
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.size).toBeLessThan(TOTAL);

    const second = await spawnServer(0, { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '1000000' }, START);
    servers.push(second);
    const retried = await submitBurst(second.origin, { total: TOTAL, concurrency: CONCURRENCY });
    // Every retry is answered (already stored, or stored now).
    expect(retried.size).toBe(TOTAL);

    // What the restarted server holds, read through the admin API.
    const { origin } = second;
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ username: 'a', password: 'x-test-only' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const ids: string[] = [];
    for (let offset = 0; offset < TOTAL + 1000; offset += 1000) {
      const page = await fetch(`${origin}/api/admin/leads?limit=1000&offset=${offset}`, { headers: { cookie } });
      ids.push(...((await page.json()) as { leads: { id: string }[] }).leads.map((lead) => lead.id));
    }
    expect(ids).toHaveLength(TOTAL);
    expect(new Set(ids).size).toBe(TOTAL);
    const stored = new Set(ids);
    expect([...acked].filter((id) => !stored.has(id))).toEqual([]);

    // A clean stop after all that: SIGTERM finishes and exits 0.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 600_000);
});
