/**
 * Migration 0012-lead-entries on a database that already holds leads (PGlite): a lead's notes text
 * becomes its first entry, authored 'imported', at the time the lead was last changed; a lead
 * without notes gets none; every lead starts at version 1, not deleted.
 */
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshPGlite, migratedDatabase } from '../../../tests/server/migration-database';
import type { Database } from './schema';

const insert = (db: Kysely<Database>, id: string, notes: string, updatedAt: string | null, reviewedAt: string | null) =>
  sql`insert into leads (id, type, created_at, page, fields, status, notes, updated_by, updated_at, reviewed_at)
    values (${id}, 'contactEnquiries', '2026-03-01T10:00:00Z', '/contact', '{}'::jsonb, 'new', ${notes}, ${updatedAt ? 'boss' : null}, ${updatedAt}, ${reviewedAt})`.execute(
    db,
  );

const database = migratedDatabase(freshPGlite, {
  before: '0011-lead-client-time',
  async fill(db) {
    await insert(db, 'GB-22222222', 'Called Anna; wants CIF prices.', '2026-03-02T08:30:00Z', '2026-03-02T08:30:00Z');
    await insert(db, 'GB-33333333', 'Reviewed before the desk existed.', null, '2026-03-03T09:00:00Z');
    await insert(db, 'GB-44444444', '', '2026-03-02T08:00:00Z', '2026-03-02T08:00:00Z');
    await insert(db, 'GB-55555555', '  \n ', null, null);
  },
  applied: (names) => expect(names[0]).toBe('0012-lead-entries'),
});

describe('migration 0012-lead-entries', () => {
  it('makes each lead’s notes its first entry, authored "imported", at the lead’s last change', async () => {
    const rows = await database.db.selectFrom('lead_entries').select(['lead_id', 'author', 'kind', 'body', 'created_at']).orderBy('lead_id').execute();
    expect(rows).toEqual([
      { lead_id: 'GB-22222222', author: 'imported', kind: 'note', body: 'Called Anna; wants CIF prices.', created_at: new Date('2026-03-02T08:30:00Z') },
      { lead_id: 'GB-33333333', author: 'imported', kind: 'note', body: 'Reviewed before the desk existed.', created_at: new Date('2026-03-03T09:00:00Z') },
    ]);
  });

  it('starts every lead at version 1, not deleted', async () => {
    const rows = await database.db.selectFrom('leads').select(['version', 'deleted_at']).execute();
    expect(rows).toEqual(Array.from({ length: 4 }, () => ({ version: 1, deleted_at: null })));
  });

  it('lets the database refuse an entry of another kind', async () => {
    await expect(
      sql`insert into lead_entries (lead_id, author, kind, body, created_at) values ('GB-22222222', 'boss', 'email', 'x', now())`.execute(database.db),
    ).rejects.toThrow(/lead_entries_kind_check/);
  });
});
