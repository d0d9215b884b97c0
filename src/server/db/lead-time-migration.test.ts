/**
 * Migration 0011-lead-client-time on a database that already holds leads (PGlite): a lead's
 * created_at, until then the browser's clock, becomes the time the database stored it, and the
 * browser's time stays as client_time only when it was within a day of that.
 */
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshPGlite, migratedDatabase } from '../../../tests/server/migration-database';
import type { Database } from './schema';

const RECEIVED = '2026-03-02T09:00:00.000Z';
const insert = (db: Kysely<Database>, id: string, createdAt: string) =>
  sql`insert into leads (id, type, created_at, received_at, page, fields, status)
    values (${id}, 'contactEnquiries', ${createdAt}, ${RECEIVED}, '/contact', '{}'::jsonb, 'new')`.execute(db);

const database = migratedDatabase(freshPGlite, {
  before: '0010-unscreened-spam',
  async fill(db) {
    await insert(db, 'GB-22222222', '9999-12-31T23:59:59.999Z');
    await insert(db, 'GB-33333333', '2026-03-02T08:59:58.500Z');
    await insert(db, 'GB-44444444', '0001-01-01T00:00:00.000Z');
    await insert(db, 'GB-55555555', '2026-03-01T09:00:00.000Z');
  },
  applied: (names) => expect(names[0]).toBe('0011-lead-client-time'),
});

describe('migration 0011-lead-client-time', () => {
  it('dates every stored lead by when it was received and keeps the browser’s time only within a day', async () => {
    const rows = await database.db.selectFrom('leads').select(['id', 'created_at', 'client_time']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.created_at.toISOString(), row.client_time?.toISOString() ?? null])).toEqual([
      ['GB-22222222', RECEIVED, null],
      ['GB-33333333', RECEIVED, '2026-03-02T08:59:58.500Z'],
      ['GB-44444444', RECEIVED, null],
      ['GB-55555555', RECEIVED, '2026-03-01T09:00:00.000Z'],
    ]);
  });
});
