/**
 * Everything the server reads from the environment, read once at start and checked, so a typo in
 * a deploy script fails loudly at start instead of at the first request.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_DEFAULTS, readCredentials, type CredentialName } from '@/build/credentials/dev-defaults';
import { BEACON_RATE_LIMIT_DEFAULT } from './beacons/body';
import { clockWarning, readClockStart } from './clock';
import { MAX_CONNECTIONS_PER_ADDRESS_DEFAULT } from './http/connection-gate';
import { parseTrustProxy, type TrustedProxies } from './http/trusted-proxies';
import { readNotifySettings, type NotifySettings } from './notify/settings';

export type { CredentialName };

export interface ServerConfig {
  port: number;
  host: string;
  /** The site's origin, e.g. https://www.garlicbrothers.in; null means the origin the request was sent to. */
  siteOrigin: string | null;
  /** postgres://… or null for PGlite. */
  databaseUrl: string | null;
  /** PGlite's data directory. */
  dataDir: string;
  /** Lead submissions accepted per client address per minute. */
  rateLimitPerMinute: number;
  /** Beacons (A/B, web vitals) accepted per client address per minute, counted in memory. */
  beaconRateLimitPerMinute: number;
  /** Connections open at once; at the cap an idle one is closed for a new one, and with none idle the new one is (http/connection-gate.ts). */
  maxConnections: number;
  /** Connections open at once from one address (an IPv6 /64), trusted proxies excepted. */
  maxConnectionsPerAddress: number;
  /** The proxies whose X-Forwarded-For and X-Forwarded-Proto count (http/trusted-proxies.ts). */
  trustProxy: TrustedProxies;
  sessionHours: number;
  admin: { username: string; password: string };
  investor: { email: string; key: string };
  /** The credential variables that fell back to their published development default. */
  defaultsUsed: CredentialName[];
  /** NODE_ENV=production (scripts/serve.ts sets it unless told otherwise). */
  production: boolean;
  /** E-mail (SMTP_URL, LEAD_NOTIFY_TO, LEAD_NOTIFY_FROM) and webhook (LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET) of every lead; null where not set. */
  notify: NotifySettings;
  /** TEST_CLOCK_START (tests only): the instant the server's clock starts at; null or absent for the real time (clock.ts). */
  clockStart?: Date | null;
}

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, 'data', 'pglite');

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be a whole number from 0 to ${max}; it is "${raw}"`);
  return value;
}

function origin(env: NodeJS.ProcessEnv): string | null {
  const raw = env.SITE_ORIGIN?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_ORIGIN must be an origin like https://www.garlicbrothers.in; it is "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`SITE_ORIGIN must start with https:// or http://; it is "${raw}"`);
  return url.origin;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const { values, defaultsUsed } = readCredentials(env, DEV_DEFAULTS);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  return {
    port: positiveInteger(env, 'PORT', 4173, 65_535),
    host: env.HOST?.trim() || '127.0.0.1',
    siteOrigin: origin(env),
    databaseUrl,
    dataDir: env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR.trim()) : DEFAULT_DATA_DIR,
    rateLimitPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 20),
    beaconRateLimitPerMinute: positiveInteger(env, 'BEACON_RATE_LIMIT_PER_MINUTE', BEACON_RATE_LIMIT_DEFAULT),
    maxConnections: positiveInteger(env, 'MAX_CONNECTIONS', 1000, 1_000_000),
    maxConnectionsPerAddress: positiveInteger(env, 'MAX_CONNECTIONS_PER_ADDRESS', MAX_CONNECTIONS_PER_ADDRESS_DEFAULT, 1_000_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionHours: positiveInteger(env, 'SESSION_HOURS', 8, 24 * 30),
    admin: { username: values.ADMIN_USERNAME, password: values.ADMIN_PASSWORD },
    investor: { email: values.INVESTOR_EMAIL.trim().toLowerCase(), key: values.INVESTOR_KEY },
    defaultsUsed,
    production: env.NODE_ENV === 'production',
    notify: readNotifySettings(env),
    clockStart: readClockStart(env.TEST_CLOCK_START),
  };
}

export function defaultsWarning(defaultsUsed: readonly CredentialName[]): string {
  return (
    `[server] ${defaultsUsed.join(', ')} not set: using the development default${defaultsUsed.length > 1 ? 's' : ''}, ` +
    'which are published in src/server/README.md. Anyone can sign in to this server. Set ADMIN_USERNAME, ADMIN_PASSWORD, ' +
    'INVESTOR_EMAIL and INVESTOR_KEY before it goes live.'
  );
}

/**
 * Without SITE_ORIGIN the API takes the origin a request names in its Host header as the site's.
 * A page of another site whose host name is pointed at this server's address (DNS rebinding) sends
 * a matching Host and Origin, so it passes the Origin check; SITE_ORIGIN pins the one origin.
 */
export function siteOriginWarning(config: Pick<ServerConfig, 'siteOrigin' | 'production'>): string | null {
  if (config.siteOrigin || !config.production) return null;
  return (
    '[server] SITE_ORIGIN is not set: the API trusts the Host header of each request to name the site. A page of another ' +
    'site whose host name is pointed at this server (DNS rebinding) then passes the Origin check and can post to the API ' +
    'as if it were the site. Set SITE_ORIGIN to the public origin, e.g. SITE_ORIGIN=https://www.garlicbrothers.in.'
  );
}

/** What the server warns about at start, one line each. */
export function startWarnings(config: ServerConfig): string[] {
  const rebinding = siteOriginWarning(config);
  const clock = clockWarning(config.clockStart ?? null);
  return [...(config.defaultsUsed.length > 0 ? [defaultsWarning(config.defaultsUsed)] : []), ...(rebinding ? [rebinding] : []), ...(clock ? [clock] : [])];
}
