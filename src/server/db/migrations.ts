/**
 * The schema as numbered migrations, run on every start by Kysely's Migrator (it records what ran
 * in kysely_migration and takes a lock, so two servers starting together on PostgreSQL do not race).
 * Never edit a migration that has shipped: add the next one.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('fields', 'jsonb', (c) => c.notNull())
        .addColumn('status', 'text')
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewed_at', 'timestamptz')
        .addCheckConstraint(
          'leads_type_check',
          sql`type in ('contactEnquiries', 'sampleRequests', 'jobApplications', 'partnershipApplications', 'investorInterests')`,
        )
        .addCheckConstraint('leads_status_check', sql`status in ('pending', 'reviewed', 'shortlisted', 'accepted', 'rejected')`)
        .execute();
      await db.schema.createIndex('leads_type_created_idx').on('leads').columns(['type', 'created_at']).execute();

      await db.schema
        .createTable('posts')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('excerpt', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('read_time', 'text', (c) => c.notNull())
        .addColumn('image', 'text', (c) => c.notNull())
        .addColumn('tags', 'jsonb', (c) => c.notNull())
        .addColumn('featured', 'boolean', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0002-health': {
    async up(db: Kysely<unknown>) {
      // One row that /api/health rewrites, to know the database can write, not only answer.
      await db.schema
        .createTable('health')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0003-posts-changed': {
    async up(db: Kysely<unknown>) {
      // Every change to a post, from any server or from psql, is announced on one channel, so a
      // server that keeps rendered pages of posts (site/page-cache.ts) drops them when they change
      // elsewhere; the payload is the post's id, or empty after a truncate (any post).
      await sql`
        create function posts_changed() returns trigger language plpgsql as $$
        begin
          if tg_op = 'TRUNCATE' then
            perform pg_notify('posts_changed', '');
          else
            perform pg_notify('posts_changed', coalesce(new.id, old.id)::text);
          end if;
          return null;
        end
        $$`.execute(db);
      await sql`create trigger posts_changed after insert or update or delete on posts for each row execute function posts_changed()`.execute(db);
      await sql`create trigger posts_truncated after truncate on posts for each statement execute function posts_changed()`.execute(db);
    },
  },
  '0006-pipeline': {
    async up(db: Kysely<unknown>) {
      // Buyers' leads (contact enquiries and sample requests) get the sales desk's statuses, a
      // follow-up date, and who last changed them; every change is kept in lead_activity.
      await db.schema.alterTable('leads').addColumn('follow_up', 'date').addColumn('updated_by', 'text').addColumn('updated_at', 'timestamptz').execute();
      await db.schema.alterTable('leads').dropConstraint('leads_status_check').execute();
      // Rows the API never wrote (set by hand) would fail the exact check below: an application
      // without a status is pending, and investor interests have none.
      await sql`update leads set status = 'new' where type in ('contactEnquiries', 'sampleRequests')`.execute(db);
      await sql`update leads set status = 'pending' where type in ('jobApplications', 'partnershipApplications') and status is null`.execute(db);
      await sql`update leads set status = null where type = 'investorInterests' and status is not null`.execute(db);
      // Each type's own statuses, exactly: coalesce turns an unknown (a null status) into a failed check.
      await db.schema
        .alterTable('leads')
        .addCheckConstraint(
          'leads_status_check',
          sql`case
            when type in ('jobApplications', 'partnershipApplications')
              then coalesce(status in ('pending', 'reviewed', 'shortlisted', 'accepted', 'rejected'), false)
            when type in ('contactEnquiries', 'sampleRequests')
              then coalesce(status in ('new', 'contacted', 'quoted', 'sampleSent', 'won', 'lost'), false)
            else status is null
          end`,
        )
        .execute();
      await db.schema
        .alterTable('leads')
        .addCheckConstraint('leads_follow_up_check', sql`follow_up is null or type in ('contactEnquiries', 'sampleRequests')`)
        .execute();

      await db.schema
        .createTable('lead_activity')
        .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
        .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        // { status?: {from, to}, notes?: true, followUp?: {from, to} }
        .addColumn('change', 'jsonb', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lead_activity_lead_idx').on('lead_activity').columns(['lead_id', 'at']).execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** The migrator of this schema (tests use it to stop at an earlier migration). */
export function migrator(db: Kysely<unknown>): Migrator {
  return new Migrator({ db, provider });
}

/** Brings the schema up to date; throws with the failing migration's name and error. */
export async function migrate(db: Kysely<unknown>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
