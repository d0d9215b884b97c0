/**
 * The schema as numbered migrations, run on every start by Kysely's Migrator (it records what ran
 * in kysely_migration and takes a lock, so two servers starting together on PostgreSQL do not race).
 * Never edit a migration that has shipped: add the next one.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { addressCountry, countryCodeFor } from '@/shared/domain/countries';
import { leadSearchText } from '@/shared/domain/lead-search';
import { STAGE_OF_REVIEW, type Fields } from '@/shared/domain/records';
import { errorMessage } from '../../shared/error-message';
import { addCheck, addRequiredColumn, channelCheck, deliveryColumns, replaceCheck, required, stateCheck } from './migration-steps';

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .$call(required({ type: 'text', created_at: 'timestamptz' }))
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .$call(required({ page: 'text', fields: 'jsonb' }))
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
        .$call(
          required({
            title: 'text',
            excerpt: 'text',
            content: 'text',
            category: 'text',
            author: 'text',
            date: 'text',
            read_time: 'text',
            image: 'text',
            tags: 'jsonb',
            featured: 'boolean',
          }),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .$call(required({ kind: 'text', subject: 'text', created_at: 'timestamptz', expires_at: 'timestamptz' }))
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
        .$call(required({ channel: 'text', state: 'text' }))
        // Bumped by "Send again": a new message (new Message-ID and webhook-id), where a retry repeats the same one.
        .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
        .$call(deliveryColumns)
        .addPrimaryKeyConstraint('notifications_pkey', ['lead_id', 'channel'])
        .addCheckConstraint('notifications_channel_check', channelCheck)
        .addCheckConstraint('notifications_state_check', stateCheck)
        .execute();
      await sql`create index notifications_due_idx on notifications (next_attempt_at) where state = 'pending'`.execute(db);
    },
  },
  '0005-accounts': {
    async up(db: Kysely<unknown>) {
      // Named admin accounts. The name is an e-mail address (or the username of ADMIN_USERNAME),
      // kept in lower case so it is unique whatever case it is typed in; the password is a
      // self-describing scrypt string (auth/password.ts) that carries its own cost and salt.
      await db.schema
        .createTable('accounts')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .$call(required({ password_hash: 'text', created_at: 'timestamptz' }))
        .addColumn('created_by', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addCheckConstraint('accounts_name_check', sql`name = lower(name) and length(name) between 1 and 254`)
        .addCheckConstraint('accounts_source_check', sql`source in ('settings', 'command', 'team')`)
        .execute();
      // Admin sessions name their account; before this migration they named ADMIN_USERNAME as typed.
      await sql`update sessions set subject = lower(subject) where kind = 'admin'`.execute(db);

      // The lead limit per client address, shared by every server on the database: one row per
      // address (its SHA-256) holding how many of its accepted submissions are in the table, and
      // one row per accepted submission with its time.
      await db.schema
        .createTable('lead_rate_clients')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .$call(required({ hits: 'integer', updated_at: 'timestamptz' }))
        .execute();
      // No index on updated_at: each submission rewrites its address's row, and an indexed column
      // would make every rewrite leave a new entry in each index (not a heap-only update). The
      // prune that reads updated_at scans the table once a minute; it holds two minutes of addresses.
      await db.schema
        .createTable('lead_rate_hits')
        .$call(required({ key: 'text', at: 'timestamptz' }))
        .execute();
      await db.schema.createIndex('lead_rate_hits_key_at_idx').on('lead_rate_hits').columns(['key', 'at']).execute();
      // One call per submission (one round trip). The client row's lock, taken first and held to
      // the end of the call's transaction, makes the submissions of one address count one at a
      // time, on any server; each statement after it reads afresh, so it sees what the call
      // before it wrote. The row is rewritten once per call. The table is a limiter's memory, not
      // a record: its commit does not wait for the disk (a crash may forget the last moments'
      // submissions, never a lead).
      await sql`
        create function lead_rate_hit(p_key text, p_now timestamptz, p_limit integer, p_window interval)
        returns table (accepted boolean, oldest timestamptz) language plpgsql
        -- Planned at each call: a plan kept from when the tables were empty (a scan of the whole
        -- table) made each call slower as they filled; PGlite runs no ANALYZE to correct it.
        set plan_cache_mode = force_custom_plan
        as $$
        declare
          v_hits integer;
          v_expired integer;
        begin
          perform set_config('synchronous_commit', 'off', true);
          -- The row may be new, or dropped by a prune in between: then it is added, and locked.
          loop
            select c.hits into v_hits from lead_rate_clients c where c.key = p_key for update;
            exit when found;
            insert into lead_rate_clients (key, hits, updated_at) values (p_key, 0, p_now) on conflict (key) do nothing;
          end loop;
          delete from lead_rate_hits h where h.key = p_key and h.at <= p_now - p_window;
          get diagnostics v_expired = row_count;
          v_hits := v_hits - v_expired;
          if v_hits < p_limit then
            insert into lead_rate_hits (key, at) values (p_key, p_now);
            v_hits := v_hits + 1;
            accepted := true;
            oldest := null;
          else
            accepted := false;
            select min(h.at) into oldest from lead_rate_hits h where h.key = p_key;
          end if;
          -- A refusal changes nothing unless old times left: a flood of refused posts writes nothing.
          if accepted or v_expired > 0 then
            update lead_rate_clients c set hits = v_hits, updated_at = greatest(c.updated_at, p_now) where c.key = p_key;
          end if;
          return next;
        end
        $$`.execute(db);
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
      await addCheck(
        db,
        'leads',
        'leads_status_check',
        sql`case
            when type in ('jobApplications', 'partnershipApplications')
              then coalesce(status in ('pending', 'reviewed', 'shortlisted', 'accepted', 'rejected'), false)
            when type in ('contactEnquiries', 'sampleRequests')
              then coalesce(status in ('new', 'contacted', 'quoted', 'sampleSent', 'won', 'lost'), false)
            else status is null
          end`,
      );
      await addCheck(db, 'leads', 'leads_follow_up_check', sql`follow_up is null or type in ('contactEnquiries', 'sampleRequests')`);

      await db.schema
        .createTable('lead_activity')
        .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
        .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        .$call(required({ at: 'timestamptz', account: 'text' }))
        // { status?: {from, to}, notes?: true, followUp?: {from, to} }
        .addColumn('change', 'jsonb', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('lead_activity_lead_idx').on('lead_activity').columns(['lead_id', 'at']).execute();
    },
  },
  '0007-attribution': {
    async up(db: Kysely<unknown>) {
      // Where the visit that sent a lead came from: { landingPage, referrer, utmSource, utmMedium,
      // utmCampaign } (src/shared/domain/attribution.ts), or null (none sent, or the visitor asked not
      // to be measured). Leads stored before this have none.
      await db.schema.alterTable('leads').addColumn('attribution', 'jsonb').execute();
      await addCheck(db, 'leads', 'leads_attribution_check', sql`attribution is null or jsonb_typeof(attribution) = 'object'`);
    },
  },
  '0008-beacons': {
    // Independent of 0007: only new tables. Aggregates only, never a visitor, an address or a raw
    // event: a flood of beacons adds to counts, it cannot add rows beyond one per key.
    async up(db: Kysely<unknown>) {
      // A/B counts per UTC day, experiment and variant (src/shared/experiments/registry.ts).
      await db.schema
        .createTable('ab_daily')
        .$call(required({ day: 'date', experiment: 'text', variant: 'text' }))
        .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ab_daily_pk', ['day', 'experiment', 'variant'])
        .execute();
      // Web vitals per UTC day, route, device class and metric: a histogram, one row per bucket
      // that holds a count (src/shared/domain/field-vitals.ts says what a bucket number means).
      await db.schema
        .createTable('vitals_daily')
        .$call(required({ day: 'date', route: 'text', device: 'text', metric: 'text', bucket: 'smallint', count: 'bigint' }))
        .addPrimaryKeyConstraint('vitals_daily_pk', ['day', 'route', 'device', 'metric', 'bucket'])
        .addCheckConstraint('vitals_daily_device_check', sql`device in ('phone', 'desktop')`)
        .addCheckConstraint('vitals_daily_metric_check', sql`metric in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`)
        .execute();
    },
  },
  '0009-ab-visitors': {
    // Independent of the others: one new table. A visitor of an experiment, so that each visitor
    // adds at most one impression and, after it, at most one conversion to ab_daily. `visitor` is
    // a hash of the experiment and the browser's random id (never the id itself); rows go after
    // 90 days, like the vitals (src/server/beacons/recorder.ts).
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ab_visitors')
        .$call(required({ experiment: 'text', visitor: 'text', variant: 'text' }))
        // The UTC day of the impression: the ab_daily row its conversion is added to.
        .addColumn('day', 'date', (c) => c.notNull())
        .addColumn('converted', 'boolean', (c) => c.notNull().defaultTo(false))
        .addPrimaryKeyConstraint('ab_visitors_pk', ['experiment', 'visitor'])
        .execute();
      await db.schema.createIndex('ab_visitors_day_idx').on('ab_visitors').column('day').execute();
    },
  },
  '0010-unscreened-spam': {
    // A lead posted without the forms' screening (a script calling the endpoint directly) is kept
    // in the Spam list as 'unscreened' (src/shared/domain/screening.ts).
    async up(db: Kysely<unknown>) {
      await replaceCheck(db, 'leads', 'leads_spam_check', sql`spam in ('honeypot', 'too-fast', 'unscreened')`);
    },
  },
  '0011-lead-client-time': {
    // A lead's created_at is the server's time when it received it; the browser's clock, which
    // any sender sets as it likes, is kept beside it in client_time, only within a day of the
    // server's (src/server/api/lead-body.ts). The leads stored before carry the browser's time in
    // created_at: it moves to client_time under the same rule, and created_at becomes the time
    // the database stored the lead (received_at), so a lead dated years ahead no longer sorts first.
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('leads').addColumn('client_time', 'timestamptz').execute();
      await sql`update leads set
        client_time = case when abs(extract(epoch from created_at - received_at)) <= 86400 then created_at end,
        created_at = received_at`.execute(db);
    },
  },
  '0012-lead-entries': {
    // Colleagues on one lead lose nothing: notes and calls become entries that are only ever
    // appended (lead_entries), each lead carries a version bumped on every change so a change made
    // from a stale screen can be refused, an admin can move a lead to the Spam list ('marked'),
    // and a deleted lead is kept, hidden, for 30 days (deleted_at), so a delete can be undone.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('leads')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('deleted_at', 'timestamptz')
        .execute();
      await replaceCheck(db, 'leads', 'leads_spam_check', sql`spam in ('honeypot', 'too-fast', 'unscreened', 'marked')`);
      await db.schema
        .createTable('lead_entries')
        .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
        .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
        // The account's name, or 'imported' for the notes a lead held before entries existed.
        .$call(required({ author: 'text', kind: 'text', body: 'text', created_at: 'timestamptz' }))
        .addCheckConstraint('lead_entries_kind_check', sql`kind in ('note', 'call')`)
        .execute();
      await db.schema.createIndex('lead_entries_lead_idx').on('lead_entries').columns(['lead_id', 'created_at']).execute();
      // A lead's notes text becomes its first entry, dated when the lead was last changed.
      await sql`insert into lead_entries (lead_id, author, kind, body, created_at)
        select id, 'imported', 'note', notes, coalesce(updated_at, reviewed_at, created_at) from leads where btrim(notes, E' \\t\\r\\n') <> ''`.execute(db);
    },
  },
  '0013-country-codes-and-search': {
    // The forms store a country as its ISO 3166-1 alpha-2 code, and the desk's search reads a
    // folded copy of each lead's text (`search`, src/shared/domain/lead-search.ts), written with the lead.
    // The leads stored before: a country written as a name in English, German or Arabic or as a
    // common alias becomes its code (a sample request's, read from its address's last part, is
    // added as `country`); text that names no country is kept as written. Each lead's search
    // text is written from its fields. The folding runs here in JavaScript, as it does for a new
    // lead, so both databases hold the same text whatever their locale.
    async up(db: Kysely<unknown>) {
      await addRequiredColumn(db, 'leads', 'search', 'text', '');
      const PAGE = 500;
      let after = '';
      for (;;) {
        const { rows } = await sql<{ id: string; fields: Fields }>`select id, fields from leads where id > ${after} order by id limit ${PAGE}`.execute(db);
        for (const row of rows) {
          const fields = withCountryCode(row.fields);
          await sql`update leads set fields = ${JSON.stringify(fields)}::jsonb, search = ${leadSearchText(row.id, fields)} where id = ${row.id}`.execute(db);
        }
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1]?.id ?? after;
      }
    },
  },
  '0014-roles-and-owners': {
    // Every account has a role: 'sales' works the leads, 'admin' also the team, posts, clearing
    // and the site's insight (src/server/auth/roles.ts). The accounts stored before keep what they
    // could do (admin); a new one starts as sales. A lead can have an owner, an account's name
    // (kept as text: a removed colleague's leads still say who had them).
    async up(db: Kysely<unknown>) {
      await addRequiredColumn(db, 'accounts', 'role', 'text', 'admin');
      await sql`alter table accounts alter column role set default 'sales'`.execute(db);
      await addCheck(db, 'accounts', 'accounts_role_check', sql`role in ('sales', 'admin')`);
      await db.schema.alterTable('leads').addColumn('assigned_to', 'text').execute();
      await db.schema.createIndex('leads_assigned_idx').on('leads').columns(['assigned_to', 'follow_up']).execute();
    },
  },
  '0015-notices': {
    // The desk's own messages, queued in the transaction of what caused them and sent by the
    // notice worker (src/server/notify/notices.ts): the e-mail to a lead's new owner, each
    // account's morning digest, and the lead.updated webhooks. One digest per account and day
    // (the partial unique index), so two servers on one database never send it twice.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('notices')
        .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
        .$call(required({ kind: 'text', channel: 'text' }))
        // The account an e-mail goes to; null for a webhook.
        .addColumn('recipient', 'text')
        .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('cascade'))
        // The team's day a digest is for (YYYY-MM-DD in TEAM_TIME_ZONE).
        .addColumn('day', 'date')
        .$call(required({ payload: 'jsonb', state: 'text' }))
        .$call(deliveryColumns)
        .addCheckConstraint('notices_kind_check', sql`kind in ('assigned', 'digest', 'lead.updated')`)
        .addCheckConstraint('notices_channel_check', channelCheck)
        .addCheckConstraint('notices_state_check', stateCheck)
        .execute();
      await sql`create unique index notices_digest_day_idx on notices (recipient, day) where kind = 'digest'`.execute(db);
      await db.schema.createIndex('notices_due_idx').on('notices').columns(['state', 'next_attempt_at']).execute();
      await db.schema.createIndex('notices_lead_idx').on('notices').column('lead_id').execute();
    },
  },
  '0016-partner-pipeline': {
    // Partnership (distributor) applications get a pipeline of their own, as buyers' leads have:
    // the partner stages (src/shared/domain/records.ts PARTNER_STAGES) and a follow-up date; their notes,
    // calls, history and version are the leads' already. An application reviewed before stands at
    // the stage its review meant (STAGE_OF_REVIEW: pending New, reviewed or shortlisted Reviewing,
    // accepted Agreement, rejected Declined).
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('leads').dropConstraint('leads_status_check').execute();
      await db.schema.alterTable('leads').dropConstraint('leads_follow_up_check').execute();
      const stageOf = sql.join(
        Object.entries(STAGE_OF_REVIEW).map(([status, stage]) => sql`when ${sql.lit(status)} then ${sql.lit(stage)}`),
        sql` `,
      );
      await sql`update leads set status = case status ${stageOf} else 'new' end where type = 'partnershipApplications'`.execute(db);
      await addCheck(
        db,
        'leads',
        'leads_status_check',
        sql`case
            when type = 'jobApplications' then coalesce(status in ('pending', 'reviewed', 'shortlisted', 'accepted', 'rejected'), false)
            when type = 'partnershipApplications'
              then coalesce(status in ('new', 'reviewing', 'samplesSent', 'agreement', 'active', 'declined'), false)
            when type in ('contactEnquiries', 'sampleRequests')
              then coalesce(status in ('new', 'contacted', 'quoted', 'sampleSent', 'won', 'lost'), false)
            else status is null
          end`,
      );
      await addCheck(db, 'leads', 'leads_follow_up_check', sql`follow_up is null or type in ('contactEnquiries', 'sampleRequests', 'partnershipApplications')`);
    },
  },
  '0018-post-covers': {
    // A post's cover photo uploaded in the admin: the photo re-encoded as AVIF and WebP variants
    // (nothing of the uploaded file is kept), in the database, so one backup holds the posts and
    // their photos. A photo is named by its key (a hash of the upload and the encoding settings);
    // a post names its cover by that key, and a photo no post names is deleted with its variants.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('photos')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .$call(required({ width: 'integer', height: 'integer', placeholder: 'text' }))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('photo_variants')
        .addColumn('key', 'text', (c) => c.notNull().references('photos.key').onDelete('cascade'))
        .$call(required({ format: 'text', width: 'integer', height: 'integer', bytes: 'bytea' }))
        .addPrimaryKeyConstraint('photo_variants_pkey', ['key', 'format', 'width'])
        .execute();
      await db.schema
        .alterTable('posts')
        .addColumn('cover_key', 'text', (c) => c.references('photos.key'))
        .addColumn('cover_alt', 'text')
        .execute();
    },
  },
  '0019-due-by-channel': {
    // The senders claim the oldest due rows of the channels configured. A channel that is not
    // configured keeps its rows pending (they are sent if it is configured later), so an index
    // ordered by time alone made every claim step over all of them first: a claim's cost grew
    // with every lead ever stored. Indexed by channel, then time, a claim reads only its own.
    async up(db: Kysely<unknown>) {
      await sql`create index notifications_due_by_channel_idx on notifications (channel, next_attempt_at) where state = 'pending'`.execute(db);
      await sql`drop index notifications_due_idx`.execute(db);
      await sql`create index notices_due_by_channel_idx on notices (channel, next_attempt_at, id) where state = 'pending'`.execute(db);
      await sql`drop index notices_due_idx`.execute(db);
    },
  },
};

/**
 * A stored lead's fields with its country as a code where its text names one: `country` itself,
 * or else the address's last part (sample requests, whose form had no country).
 */
function withCountryCode(fields: Fields): Fields {
  if (typeof fields.country === 'string') {
    const code = countryCodeFor(fields.country);
    return code ? { ...fields, country: code } : fields;
  }
  if (typeof fields.address !== 'string') return fields;
  const code = countryCodeFor(addressCountry(fields.address));
  return code ? { ...fields, country: code } : fields;
}

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
    const cause = errorMessage(error);
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
