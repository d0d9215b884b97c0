/**
 * The database's tables as Kysely types. Column names are snake_case, as PostgreSQL folds them;
 * the API turns rows into the camelCase records the site already uses.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Device, VitalName } from '@/shared/domain/field-vitals';
import type { Collection, Fields, LeadStatus } from '@/shared/domain/records';
import type { SpamReason } from '@/shared/domain/screening';
import type { Attribution } from '@/shared/domain/attribution';
import type { EntryKind, LeadChange } from '@/shared/domain/lead-activity';
import type { BlogPost } from '@/shared/domain/posts/post';

/** Written as a Date or ISO text, read back as a Date (both drivers parse timestamptz). */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: written as JSON text (pg would turn a JS array into a PostgreSQL array), read parsed. */
type Json<T> = ColumnType<T, string, string>;

interface LeadsTable {
  /** The submission id shown to the visitor, e.g. GB-7K3Q9X2M; the idempotency key. */
  id: string;
  type: Collection;
  /** When the server received it (its own clock since migration 0011). */
  created_at: Timestamp;
  /** The browser's clock when it sent the lead, kept only within a day of created_at (migration 0011), or null. */
  client_time: Timestamp | null;
  /** When this server stored it. */
  received_at: ColumnType<Date, never, never>;
  page: string;
  fields: Json<Fields>;
  /** Each type's own statuses (records.ts: applications' and buyers' leads'); null for investor interests. */
  status: LeadStatus | null;
  notes: Generated<string>;
  reviewed_at: Timestamp | null;
  /** Buyers' leads only: the day to follow up, YYYY-MM-DD (read as text, see connect.ts). */
  follow_up: string | null;
  /** The account that last changed the status, notes or follow-up date, and when. */
  updated_by: string | null;
  updated_at: Timestamp | null;
  /** Why it is in the Spam list (migration 0004; 'marked' by an admin, 0012), or null: a lead that notifies. */
  spam: ColumnType<SpamMark | null, SpamMark | null | undefined, SpamMark | null>;
  /** Where the visit came from (migration 0007): landing page, referring origin, UTM values; null when none was sent. */
  attribution: ColumnType<Attribution | null, string | null | undefined, string | null>;
  /** 1 when stored, bumped by every change (migration 0012): a change made from another version is stale. */
  version: Generated<number>;
  /** When it was deleted (migration 0012): hidden everywhere, restorable for 30 days; null while it is live. */
  deleted_at: Timestamp | null;
  /** The folded text the desk's search reads (migration 0013, src/shared/domain/lead-search.ts), written with the lead. */
  search: Generated<string>;
  /** The account whose lead it is (migration 0014), or null: nobody's yet. */
  assigned_to: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Why a lead is in the Spam list: the screening's reasons, or 'marked' by an admin. */
export type SpamMark = SpamReason | 'marked';

/** A note or a call on a lead (migration 0012): only ever appended, never rewritten. */
interface LeadEntriesTable {
  id: Generated<string>;
  lead_id: string;
  /** The account that wrote it, or 'imported' for the notes text a lead held before entries. */
  author: string;
  kind: EntryKind;
  body: string;
  created_at: Timestamp;
}

/** One change to a lead, by whom and when; deleted with the lead. */
interface LeadActivityTable {
  id: Generated<string>;
  lead_id: string;
  at: Timestamp;
  account: string;
  change: Json<LeadChange>;
}

export type NotificationChannel = 'email' | 'webhook';
export type NotificationState = 'pending' | 'sent' | 'failed';

/** A queued message's delivery (migration-steps.ts deliveryColumns): the same in notifications and notices. */
interface DeliveryColumns {
  /** Attempts started, counted when claimed (so one cut short by a crash counts too). */
  attempts: Generated<number>;
  /** When it was queued (a notification: this round of it): retries stop two days after it. */
  queued_at: Timestamp;
  /** Due time while pending; null once sent or given up. */
  next_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  claim_token: string | null;
  claimed_until: Timestamp | null;
}

/** The outbox (migration 0004): one row per lead and channel. */
interface NotificationsTable extends DeliveryColumns {
  lead_id: string;
  channel: NotificationChannel;
  state: NotificationState;
  /** 1, plus one per "Send again": part of the Message-ID and webhook-id. */
  round: Generated<number>;
}

/** The post's columns as BlogPost names them (shared/domain/posts/post.ts), but for the ones written in snake case or as JSON. */
interface PostsTable extends Omit<BlogPost, 'readTime' | 'tags' | 'cover' | 'coverAlt' | 'coverPhoto'> {
  read_time: string;
  tags: Json<string[]>;
  created_at: ColumnType<Date, never, never>;
  /** The cover photo uploaded in the admin (photos.key), and its text alternative. */
  cover_key: ColumnType<string | null, string | null | undefined, string | null>;
  cover_alt: ColumnType<string | null, string | null | undefined, string | null>;
}

interface PhotosTable {
  key: string;
  width: number;
  height: number;
  placeholder: string;
  created_at: ColumnType<Date, never, never>;
}

interface PhotoVariantsTable {
  key: string;
  format: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export type SessionKind = 'admin' | 'investor';

interface SessionsTable {
  /** SHA-256 of the cookie's token: a copy of the table does not sign anyone in. */
  token_hash: string;
  kind: SessionKind;
  subject: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

interface LoginThrottleTable {
  /** SHA-256 of 'address:…' or 'account:…', so no address or e-mail is stored in clear. */
  key: string;
  failures: number;
  locked_until: Timestamp | null;
  updated_at: Timestamp;
}

/** How an account was added: from ADMIN_USERNAME at start, by `npm run admin:add`, or in the admin's Team section. */
export type AccountSource = 'settings' | 'command' | 'team';

interface AccountsTable {
  /** The e-mail address (or ADMIN_USERNAME's username), lower case: what the admin signs in with and what sessions name. */
  name: string;
  /** `$scrypt$ln=…,r=…,p=…$salt$key` (auth/password.ts). */
  password_hash: string;
  created_at: Timestamp;
  /** The account that added this one in the Team section; null for the other sources. */
  created_by: string | null;
  source: AccountSource;
  /** What the account may do (migration 0014; auth/roles.ts); the owner's account is admin whatever this says. */
  role: ColumnType<Role, Role | undefined, Role>;
}

/** 'sales' works the leads; 'admin' also the team, posts, clearing leads and the site's insight. */
export type Role = 'sales' | 'admin';

/** A client address (its SHA-256) that sent leads lately, and how many of its accepted ones lead_rate_hits holds. */
interface LeadRateClientsTable {
  key: string;
  hits: number;
  updated_at: Timestamp;
}

interface LeadRateHitsTable {
  key: string;
  at: Timestamp;
}

/** One row (id 1), rewritten by each health probe. */
export interface HealthTable {
  id: number;
  checked_at: Timestamp;
}

/** A/B counts of one UTC day (written as YYYY-MM-DD; the queries sum over days and never read it back), experiment and variant. */
interface AbDailyTable {
  day: string;
  experiment: string;
  variant: string;
  /** bigint: read as text by both drivers. */
  impressions: ColumnType<string, number, number>;
  conversions: ColumnType<string, number, number>;
}

/** Page views of one UTC day, route, device class and metric whose value fell in `bucket` (src/shared/domain/field-vitals.ts). */
interface VitalsDailyTable {
  day: string;
  route: string;
  device: Device;
  metric: VitalName;
  bucket: number;
  count: ColumnType<string, number, number>;
}

export type NoticeKind = 'assigned' | 'digest' | 'lead.updated';

/** The desk's own outbox (migration 0015): a new owner's e-mail, a morning digest, a lead.updated webhook. */
interface NoticesTable extends DeliveryColumns {
  id: Generated<string>;
  kind: NoticeKind;
  channel: NotificationChannel;
  /** The account an e-mail goes to; null for a webhook. */
  recipient: string | null;
  lead_id: string | null;
  /** A digest's day in the team's time zone, YYYY-MM-DD (read as text). */
  day: string | null;
  /** What the message says, fixed when it was queued. */
  payload: Json<Record<string, unknown>>;
  state: NotificationState;
}

export interface Database {
  leads: LeadsTable;
  lead_activity: LeadActivityTable;
  lead_entries: LeadEntriesTable;
  posts: PostsTable;
  photos: PhotosTable;
  photo_variants: PhotoVariantsTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  health: HealthTable;
  accounts: AccountsTable;
  lead_rate_clients: LeadRateClientsTable;
  lead_rate_hits: LeadRateHitsTable;
  notifications: NotificationsTable;
  notices: NoticesTable;
  ab_daily: AbDailyTable;
  vitals_daily: VitalsDailyTable;
}

export type LeadRow = Selectable<LeadsTable>;
export type LeadActivityRow = Selectable<LeadActivityTable>;
export type LeadEntryRow = Selectable<LeadEntriesTable>;
export type PostRow = Selectable<PostsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NoticeRow = Selectable<NoticesTable>;
