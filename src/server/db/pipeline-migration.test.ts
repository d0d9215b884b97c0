/**
 * Migration 0006-pipeline on a database that already holds leads (PGlite): buyers' leads become
 * New, the other types keep their statuses, and from then on the database itself refuses a status
 * of another type, a buyer's lead without a status, and a follow-up date on anything but a buyer's lead.
 */
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshPGlite, migratedDatabase } from '../../../tests/server/migration-database';
import type { Database } from './schema';

const insert = (db: Kysely<Database>, id: string, type: string, status: string | null) =>
  sql`insert into leads (id, type, created_at, page, fields, status) values (${id}, ${type}, now(), '/contact', '{}'::jsonb, ${status})`.execute(db);

const database = migratedDatabase(freshPGlite, {
  before: '0005-accounts',
  async fill(db) {
    await insert(db, 'GB-22222222', 'contactEnquiries', null);
    await insert(db, 'GB-33333333', 'sampleRequests', null);
    await insert(db, 'GB-44444444', 'jobApplications', 'shortlisted');
    await insert(db, 'GB-55555555', 'partnershipApplications', null);
    await insert(db, 'GB-66666666', 'investorInterests', null);
  },
  applied: (names) => expect(names[0]).toBe('0006-pipeline'),
});

describe('migration 0006-pipeline', () => {
  it('makes existing buyers’ leads New and keeps the other statuses', async () => {
    const rows = await database.db.selectFrom('leads').select(['id', 'status', 'follow_up', 'updated_by']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'GB-22222222', status: 'new', follow_up: null, updated_by: null },
      { id: 'GB-33333333', status: 'new', follow_up: null, updated_by: null },
      { id: 'GB-44444444', status: 'shortlisted', follow_up: null, updated_by: null },
      // 0016-partner-pipeline then puts a pending partnership application at its first stage.
      { id: 'GB-55555555', status: 'new', follow_up: null, updated_by: null },
      { id: 'GB-66666666', status: null, follow_up: null, updated_by: null },
    ]);
  });

  it.each([
    ['a buyer’s lead with an application status', 'GB-77777777', 'contactEnquiries', 'pending'],
    ['a buyer’s lead without a status', 'GB-77777777', 'sampleRequests', null],
    ['an application with a buyer status', 'GB-77777777', 'jobApplications', 'won'],
    ['an application without a status', 'GB-77777777', 'partnershipApplications', null],
    ['an investor interest with a status', 'GB-77777777', 'investorInterests', 'new'],
  ])('the database refuses %s', async (_name, id, type, status) => {
    await expect(insert(database.db, id, type, status)).rejects.toThrow(/leads_status_check/);
  });

  it('the database refuses a follow-up date on anything but a buyer’s lead, and keeps one on a buyer’s lead', async () => {
    await expect(sql`update leads set follow_up = '2026-03-09' where id = 'GB-44444444'`.execute(database.db)).rejects.toThrow(/leads_follow_up_check/);
    await sql`update leads set follow_up = '2026-03-09' where id = 'GB-22222222'`.execute(database.db);
    const row = await sql<{ day: string }>`select to_char(follow_up, 'YYYY-MM-DD') as day from leads where id = 'GB-22222222'`.execute(database.db);
    expect(row.rows[0]?.day).toBe('2026-03-09');
  });

  it('deletes a lead’s activity with the lead', async () => {
    await sql`insert into lead_activity (lead_id, at, account, change) values ('GB-33333333', now(), 'admin', '{"notes":true}'::jsonb)`.execute(database.db);
    await sql`delete from leads where id = 'GB-33333333'`.execute(database.db);
    const left = await sql<{ n: number }>`select count(*)::int as n from lead_activity`.execute(database.db);
    expect(left.rows[0]?.n).toBe(0);
  });
});
