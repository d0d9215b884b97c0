/**
 * A database that refuses writes, on PGlite: the shared suite, and a data folder that stops taking
 * writes under a running server, as a read-only remount or lost permissions make it (simulated in
 * Node's fs, see tests/server/read-only-folder.ts: the tests run as root, where chmod stops nothing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from './db/connect';
import { PROBE_FILE } from './db/health';
import { answers, dataFailureSuite, expectUnavailable, nextProbe } from '../../tests/server/data-failure-suite';
import { ADMIN, createHarness, sampleLead } from '../../tests/server/harness';
import { freshDataDir } from '../../tests/server/pglite';
import { readOnlyFolder, type ReadOnlyFolder } from '../../tests/server/read-only-folder';
import { suiteOnPGlite } from '../../tests/server/suite-on';

suiteOnPGlite('Data failures', dataFailureSuite);

/**
 * Runs `test` on a server's store over a data folder that can be turned read-only (a fresh one,
 * deleted after, unless `dir` is given), and closes the store after it.
 */
async function onFolder(test: (store: Store, folder: ReadOnlyFolder, dir: string) => Promise<void>, given?: string): Promise<void> {
  const dir = given ?? (await freshDataDir());
  const folder = readOnlyFolder(dir);
  let store: Store | undefined;
  try {
    store = await openStore({ dataDir: dir });
    await test(store, folder, dir);
  } finally {
    folder.restore();
    await store?.close();
    if (!given) fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('A PGlite data folder that stops taking writes under a running server', () => {
  it('without write permission: health, a lead and a sign-in answer 503 with the cause, and all work again once it has it back', async () => {
    await onFolder(async (store, folder, dir) => {
      const h = await createHarness(store);
      expect((await h.call('GET', '/api/health')).status).toBe(200);
      folder.turnReadOnly('permissions');
      nextProbe(h);
      // The health probe's own row is in a file PostgreSQL keeps open, which takes writes still:
      // only the new file in the folder shows it.
      await expectUnavailable(h, 'it is not allowed to write (permission denied)');
      folder.turnWritable();
      nextProbe(h);
      const { health, lead, login } = await answers(h);
      expect([health.status, lead.status, login.status]).toEqual([200, 201, 200]);
      expect(fs.existsSync(path.join(dir, PROBE_FILE))).toBe(false);
    });
  });

  it('remounted read-only: 503 with the cause, the database stops at its first failed log write instead of hanging, and the log written until then survives', async () => {
    const dir = await freshDataDir();
    try {
      await onFolder(async (store, folder) => {
        const h = await createHarness(store);
        // A lead before: the table's files are open, so the next lead fails at its log write.
        expect((await h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-22222222') })).status).toBe(201);
        folder.turnReadOnly('remount');
        nextProbe(h);
        const health = await h.call('GET', '/api/health');
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ ok: false, db: 'pglite', error: 'The database cannot write: it is read-only' });
        const lead = await h.call('POST', '/api/leads', { body: sampleLead('contactEnquiries', 'GB-33333333') });
        expect(lead.status).toBe(503);
        expect(lead.headers.get('retry-after')).toBe('30');
        expect(await lead.json()).toEqual({ error: 'The database cannot be used right now (it is read-only); try again later' });
        // PostgreSQL's PANIC left PGlite unable to run another query; the next one is refused at once.
        const stopped = 'it stopped after a failure it cannot recover from (it is read-only); the server must be restarted';
        const login = await h.call('POST', '/api/admin/login', { body: ADMIN });
        expect(login.status).toBe(503);
        expect(login.headers.get('retry-after')).toBe('30');
        expect(await login.json()).toEqual({ error: `The database cannot be used right now (${stopped}); try again later` });
        folder.turnWritable();
        nextProbe(h);
        expect(await (await h.call('GET', '/api/health')).json()).toEqual({ ok: false, db: 'pglite', error: `The database cannot write: ${stopped}` });
      }, dir);
      // Closed without PGlite's shutdown, as after a crash: the next start replays the log.
      const reopened = await openStore({ dataDir: dir });
      try {
        const h = await createHarness(reopened);
        expect((await h.call('GET', '/api/health')).status).toBe(200);
        expect((await reopened.db.selectFrom('leads').select('id').execute()).map((row) => row.id)).toEqual(['GB-22222222']);
      } finally {
        await reopened.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
