/**
 * The notification variables, read and checked at start (config.ts calls readNotifySettings), so
 * a malformed SMTP_URL, address or webhook secret stops the start with one line naming it, not the
 * first lead with a failure nobody reads. Values that may hold a password are never echoed.
 * TEAM_TIME_ZONE (default Asia/Kolkata) is the zone the sales team reads the e-mail's times in,
 * whose day "Due today" and the morning digest count; DIGEST_HOUR (default 8) is the hour of that
 * zone from which each account's digest of its due follow-ups is sent.
 */

export interface EmailSettings {
  /** smtp://user:pass@host:587 or smtps://…:465, as nodemailer takes it. */
  smtpUrl: string;
  to: string[];
  /** A plain address or `Name <address>`. */
  from: string;
  /** The address part of `from`: its domain names the Message-IDs. */
  fromAddress: string;
  /** The sales team's time zone (an IANA name): the e-mail shows the lead's time in it. */
  timeZone: string;
}

export interface WebhookSettings {
  url: string;
  /** whsec_ and the base64 key, as given. */
  secret: string;
  /** The key the signatures are made with: the secret's base64 part, decoded. */
  key: Buffer;
}

/** The sales team's clock: its time zone (an IANA name) and the hour (0-23) of its morning digest. */
export interface TeamSettings {
  timeZone: string;
  digestHour: number;
}

export interface NotifySettings {
  email: EmailSettings | null;
  webhook: WebhookSettings | null;
  team: TeamSettings;
}

/** The digest goes out from 08:00 in the team's zone, before the working day starts. */
export const DEFAULT_DIGEST_HOUR = 8;

/** A plain address: something@domain.tld, no spaces, brackets or list separators (the forms' own check is stricter). */
const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\.]{2,}$/;
/** `Garlic Brothers <leads@garlicbrothers.in>`: a display name (no quotes, brackets or line breaks) and an address. */
const NAMED_ADDRESS = /^([^<>"\r\n]*?)\s*<([^<>\s]+)>$/;

/** Where the sales team works (Bengaluru), unless TEAM_TIME_ZONE says otherwise. */
export const DEFAULT_TEAM_TIME_ZONE = 'Asia/Kolkata';

function text(env: NodeJS.ProcessEnv, name: string): string {
  return env[name]?.trim() ?? '';
}

/** The URL with any password (between the user's colon and the @) replaced, for an error message. */
function withoutPassword(raw: string): string {
  return raw.replace(/:[^:@/\s]*@/, ':***@');
}

function smtpUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SMTP_URL must be like smtp://user:password@smtp.example.com:587; it is "${withoutPassword(raw)}"`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// (STARTTLS, usually port 587) or smtps:// (TLS, usually port 465); it is "${withoutPassword(raw)}"`);
  }
  if (!url.hostname) throw new Error(`SMTP_URL names no host; it is "${withoutPassword(raw)}"`);
  return raw;
}

function recipients(raw: string): string[] {
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error('LEAD_NOTIFY_TO must list one or more addresses, separated by commas');
  const bad = list.find((address) => !ADDRESS.test(address));
  if (bad !== undefined) throw new Error(`LEAD_NOTIFY_TO holds "${bad}", which is not an e-mail address like sales@garlicbrothers.in`);
  return list;
}

function sender(raw: string): { from: string; address: string } {
  const named = NAMED_ADDRESS.exec(raw);
  const address = named ? (named[2] ?? '') : raw;
  if (!ADDRESS.test(address)) {
    throw new Error(`LEAD_NOTIFY_FROM must be an address like leads@garlicbrothers.in or "Garlic Brothers <leads@garlicbrothers.in>"; it is "${raw}"`);
  }
  return { from: raw, address };
}

function webhookUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`LEAD_WEBHOOK_URL must be a URL like https://crm.example.com/hooks/leads; it is "${withoutPassword(raw)}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`LEAD_WEBHOOK_URL must start with https:// or http://; it is "${withoutPassword(raw)}"`);
  return url.href;
}

/** Standard Webhooks secrets: whsec_ and the base64 of 24 to 64 random bytes (its specification's bounds). */
function webhookKey(raw: string): Buffer {
  const base64 = raw.startsWith('whsec_') ? raw.slice('whsec_'.length) : null;
  const key = base64 !== null && /^[A-Za-z0-9+/]+={0,2}$/.test(base64) && base64.length % 4 === 0 ? Buffer.from(base64, 'base64') : null;
  if (!key || key.length < 24 || key.length > 64) {
    throw new Error(
      'LEAD_WEBHOOK_SECRET must be whsec_ followed by the base64 of 24 to 64 random bytes, e.g. ' +
        '`echo "whsec_$(openssl rand -base64 32)"`; the value given is not (it is not shown here)',
    );
  }
  return key;
}

/** An IANA time zone name, as Intl knows them (Asia/Kolkata, Europe/Berlin). */
function teamTimeZone(raw: string): string {
  if (!raw) return DEFAULT_TEAM_TIME_ZONE;
  try {
    // Intl refuses a zone it does not know with a RangeError.
    Intl.DateTimeFormat('en', { timeZone: raw }).resolvedOptions();
  } catch {
    throw new Error(`TEAM_TIME_ZONE must be a time zone name like Asia/Kolkata or Europe/Berlin; it is "${raw}"`);
  }
  return raw;
}

function digestHour(raw: string): number {
  if (!raw) return DEFAULT_DIGEST_HOUR;
  if (!/^\d{1,2}$/.test(raw) || Number(raw) > 23) throw new Error(`DIGEST_HOUR must be an hour from 0 to 23 in TEAM_TIME_ZONE, like 8; it is "${raw}"`);
  return Number(raw);
}

export function readNotifySettings(env: NodeJS.ProcessEnv): NotifySettings {
  // Checked even when no e-mail is configured: a typo in a deploy script is found at the first start.
  const timeZone = teamTimeZone(text(env, 'TEAM_TIME_ZONE'));
  const smtp = text(env, 'SMTP_URL');
  const to = text(env, 'LEAD_NOTIFY_TO');
  const from = text(env, 'LEAD_NOTIFY_FROM');
  let email: EmailSettings | null = null;
  if (smtp || to || from) {
    // Half a configuration is a typo in a deploy script: say which part is missing.
    const missing = [!smtp && 'SMTP_URL', !to && 'LEAD_NOTIFY_TO', !from && 'LEAD_NOTIFY_FROM'].filter(Boolean);
    if (missing.length > 0)
      throw new Error(`E-mail notifications need SMTP_URL, LEAD_NOTIFY_TO and LEAD_NOTIFY_FROM together; ${missing.join(' and ')} not set`);
    const { from: fromText, address } = sender(from);
    email = { smtpUrl: smtpUrl(smtp), to: recipients(to), from: fromText, fromAddress: address, timeZone };
  }
  const hookUrl = text(env, 'LEAD_WEBHOOK_URL');
  const secret = text(env, 'LEAD_WEBHOOK_SECRET');
  let webhook: WebhookSettings | null = null;
  if (hookUrl || secret) {
    if (!hookUrl) throw new Error('LEAD_WEBHOOK_SECRET is set but LEAD_WEBHOOK_URL is not: set both, or neither');
    if (!secret) throw new Error('LEAD_WEBHOOK_URL is set but LEAD_WEBHOOK_SECRET is not: every webhook is signed, so set both');
    webhook = { url: webhookUrl(hookUrl), secret, key: webhookKey(secret) };
  }
  return { email, webhook, team: { timeZone, digestHour: digestHour(text(env, 'DIGEST_HOUR')) } };
}
