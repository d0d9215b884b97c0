/**
 * What every route needs: the database, the clock, the configuration, and how to read the client
 * from a request. Tests swap the clock and the client address; production reads the socket.
 */
import type { Context } from 'hono';
import type { InvestorPortal } from '@/build/content/schema';
import type { LeadForms } from '@/shared/domain/lead-forms';
import type { ScryptCost, SecretCheck } from './auth/password';
import type { BeaconService } from './beacons/service';
import type { Store } from './db/connect';
import type { CoverEncoder } from './photos/cover-variants';
import type { TrustedProxies } from './http/trusted-proxies';
import type { Notifier } from './notify/worker';
import type { PageCache } from './site/page-cache';
import type { SiteRenderer } from './site/renderer';

export interface Deps {
  store: Store;
  /** The site's origin, or null: the origin each request was addressed to. */
  siteOrigin: string | null;
  /** The proxies whose X-Forwarded-For and X-Forwarded-Proto count (TRUST_PROXY); NO_PROXY to believe neither. */
  trustProxy: TrustedProxies;
  rateLimitPerMinute: number;
  /** Beacons accepted per client address per minute, counted in this process's memory; default BEACON_RATE_LIMIT_DEFAULT. */
  beaconRateLimitPerMinute?: number;
  /** The beacon endpoints' rules and counts (shared with the server's fast lane); without one the app makes its own (its timers never hold the process open). */
  beacons?: BeaconService;
  sessionHours: number;
  /** The scrypt cost of the admin accounts' new password hashes (and of the check of a name with no account). */
  passwordCost: ScryptCost;
  investor: { email: string; check: SecretCheck };
  /** The investor portal's copy (content/investors/portal.md), read at start; sent only to a signed-in investor. */
  investorPortal: InvestorPortal;
  /** The lead forms with the site configuration's products (content/site.yaml), read at start: a submission is checked against them. */
  leadForms: LeadForms;
  now: () => Date;
  /** The client's address; defaults to the socket's (or, from a trusted proxy, its X-Forwarded-For: http/request.ts). */
  clientAddress?: (c: Context) => string;
  /** One JSON object per line; defaults to stdout. */
  log: (entry: Record<string, unknown>) => void;
  /** The built site to serve outside /api, or null for the API alone. */
  staticRoot: string | null;
  /** Renders the database's posts into the built site (pages, sitemap, feed); null serves the build as it is. */
  siteRenderer?: SiteRenderer | null;
  /** The lead notifications (src/server/notify/); absent means none configured. */
  notify?: Notifier;
  /** Makes the variants of uploaded covers (photos/cover-variants.ts); the process's one (COVER_VARIANTS) when absent. */
  coverVariants?: CoverEncoder;
  /** The sales team's time zone (TEAM_TIME_ZONE), whose day "Due today" counts; Asia/Kolkata when absent. */
  teamTimeZone?: string;
}

/** `pages`: what the server rendered from its posts, dropped by the admin API when a post changes (null without a renderer). */
export type Env = { Variables: { deps: Deps; subject: string; pages: PageCache | null } };
export type AppContext = Context<Env>;
