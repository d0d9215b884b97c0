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
  '0004-outbox': {
    async up(db: Kysely<unknown>) {
      // Why a lead is in the Spam list (null: it is not); spam gets no notification.
      await db.schema
        .alterTable('leads')
        .addColumn('spam', 'text', (c) => c.check(sql`spam in ('honeypot', 'too-fast')`))
        .execute();
      // The outbox: one row per lead and channel, written in the lead's own transaction, so a lead
      // stored is a notification owed even if the server dies the next moment (src/server/notify/).
      await db.schema
        .createTable('notifications')
        .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        // Bumped by "Send again": a new message (new Message-ID and webhook-id), where a retry repeats the same one.
        .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('queued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('next_attempt_at', 'timestamptz')
        .addColumn('last_attempt_at', 'timestamptz')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'timestamptz')
        // The claim of the process sending it now, and until when it holds (a dead sender's lapses).
        .addColumn('claim_token', 'text')
        .addColumn('claimed_until', 'timestamptz')
        .addPrimaryKeyConstraint('notifications_pkey', ['lead_id', 'channel'])
        .addCheckConstraint('notifications_channel_check', sql`channel in ('email', 'webhook')`)
        .addCheckConstraint('notifications_state_check', sql`state in ('pending', 'sent', 'failed')`)
        .execute();
      await sql`create index notifications_due_idx on notifications (next_attempt_at) where state = 'pending'`.execute(db);
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema up to date; throws with the failing migration's name and error. */
export async function migrate(db: Kysely<unknown>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
