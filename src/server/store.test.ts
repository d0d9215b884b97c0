import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './db/connect';
import { insertLead, listLeads } from './db/leads';
import { migrate } from './db/migrations';
import { freshDataDir } from '../../tests/server/pglite';

let dir: string;

beforeAll(async () => {
  dir = await freshDataDir();
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the PGlite data directory', () => {
  it('is migrated on first open, keeps its data, and re-opening runs no migration twice', async () => {
    const first = await openStore({ dataDir: dir });
    expect(
      await insertLead(first.db, {
        id: 'GB-22222222',
        type: 'contactEnquiries',
        createdAt: '2026-03-01T10:00:00.000Z',
        page: '/contact',
        fields: { name: 'A' },
      }),
    ).toBe(true);
    await first.close();
    await first.close(); // idempotent

    const second = await openStore({ dataDir: dir });
    try {
      expect(await migrate(second.db as never)).toEqual([]);
      const migrations = await second.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations).toEqual([
        { name: '0001-initial' },
        { name: '0002-health' },
        { name: '0003-posts-changed' },
        { name: '0004-outbox' },
        { name: '0005-accounts' },
        { name: '0006-pipeline' },
        { name: '0007-attribution' },
        { name: '0008-beacons' },
        { name: '0009-ab-visitors' },
        { name: '0010-unscreened-spam' },
        { name: '0011-lead-client-time' },
        { name: '0012-lead-entries' },
        { name: '0013-country-codes-and-search' },
        { name: '0014-roles-and-owners' },
        { name: '0015-notices' },
        { name: '0016-partner-pipeline' },
        { name: '0018-post-covers' },
        { name: '0019-due-by-channel' },
      ]);
      expect((await listLeads(second.db, { types: [], statuses: [], order: { by: 'newest' }, limit: 10, offset: 0 })).map((lead) => lead.id)).toEqual([
        'GB-22222222',
      ]);
      // The same id again is still stored once.
      expect(
        await insertLead(second.db, { id: 'GB-22222222', type: 'contactEnquiries', createdAt: '2026-03-01T10:00:00.000Z', page: '/contact', fields: {} }),
      ).toBe(false);
    } finally {
      await second.close();
    }
  });
});
