/**
 * Migration 0016-partner-pipeline on a database that already holds applications (PGlite): each
 * partnership application stands at the stage its review meant, job applications keep their
 * statuses, and from then on the database refuses an application status on a partnership
 * application and keeps a follow-up date on one.
 */
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshPGlite, migratedDatabase } from '../../../tests/server/migration-database';
import type { Database } from './schema';

const insert = (db: Kysely<Database>, id: string, type: string, status: string | null) =>
  sql`insert into leads (id, type, created_at, page, fields, status) values (${id}, ${type}, now(), '/partnership', '{}'::jsonb, ${status})`.execute(db);

const REVIEWED = [
  ['GB-22222222', 'pending'],
  ['GB-33333333', 'reviewed'],
  ['GB-44444444', 'shortlisted'],
  ['GB-55555555', 'accepted'],
  ['GB-66666666', 'rejected'],
] as const;

const database = migratedDatabase(freshPGlite, {
  before: '0013-country-codes-and-search',
  async fill(db) {
    for (const [id, status] of REVIEWED) await insert(db, id, 'partnershipApplications', status);
    await insert(db, 'GB-77777777', 'jobApplications', 'shortlisted');
  },
  applied: (names) => expect(names).toContain('0016-partner-pipeline'),
});

describe('migration 0016-partner-pipeline', () => {
  it('puts each partnership application at the stage its review meant and keeps a job application’s status', async () => {
    const rows = await database.db.selectFrom('leads').select(['id', 'status']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'GB-22222222', status: 'new' },
      { id: 'GB-33333333', status: 'reviewing' },
      { id: 'GB-44444444', status: 'reviewing' },
      { id: 'GB-55555555', status: 'agreement' },
      { id: 'GB-66666666', status: 'declined' },
      { id: 'GB-77777777', status: 'shortlisted' },
    ]);
  });

  it('refuses an application status on a partnership application and a stage on a job application', async () => {
    await expect(insert(database.db, 'GB-88888888', 'partnershipApplications', 'pending')).rejects.toThrow(/leads_status_check/);
    await expect(insert(database.db, 'GB-88888888', 'jobApplications', 'agreement')).rejects.toThrow(/leads_status_check/);
  });

  it('keeps a follow-up date on a partnership application and refuses one on a job application', async () => {
    await sql`update leads set follow_up = '2026-03-09' where id = 'GB-55555555'`.execute(database.db);
    await expect(sql`update leads set follow_up = '2026-03-09' where id = 'GB-77777777'`.execute(database.db)).rejects.toThrow(/leads_follow_up_check/);
  });
});
