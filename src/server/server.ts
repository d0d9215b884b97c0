/**
 * Starts the whole server from its configuration: open and migrate the database, add or update
 * the ADMIN_USERNAME account, hash the investor key, start the lead notifications' worker on the
 * database, listen with limits on slow and numerous clients (http/limits.ts), and shut down
 * cleanly on SIGTERM/SIGINT (stop accepting, let in-flight requests finish, stop the worker, then
 * close the database).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { InvestorPortal } from '@/build/content/schema';
import type { LeadForms } from '@/shared/domain/lead-forms';
import type { Hono } from 'hono';
import { beaconServiceFor, createApp } from './app';
import { ensureSettingsAccount } from './auth/accounts';
import { DEFAULT_COST, hashSecret, type ScryptCost, type SecretCheck } from './auth/password';
import { beaconLane } from './beacons/fast-lane';
import type { BeaconService } from './beacons/service';
import { serverClock } from './clock';
import { startWarnings, type ServerConfig } from './config';
import type { Env } from './context';
import { openStore, type Store } from './db/connect';
import { applyLimits, SERVER_OPTIONS } from './http/limits';
import { stdoutLog } from './logging';
import { startNotifications, type OutboxWorker } from './notify/worker';
import type { SiteRenderer } from './site/renderer';

export interface RunningServer {
  port: number;
  store: Store;
  notifications: OutboxWorker;
  /** Stops accepting, waits for in-flight requests (up to `graceMs`), closes the database. */
  stop(graceMs?: number): Promise<void>;
}

interface AppOptions {
  staticRoot: string | null;
  investorPortal: InvestorPortal;
  leadForms: LeadForms;
  siteRenderer?: SiteRenderer | null;
  scryptCost?: ScryptCost;
  /** The site's public URL (content/site.yaml), for the admin links in notifications when SITE_ORIGIN is not set. */
  siteUrl?: string;
}

export interface OpenApp {
  app: Hono<Env>;
  store: Store;
  notifications: OutboxWorker;
  /** The beacon endpoints' rules and counts, shared by the app and the server's fast lane. */
  beacons: BeaconService;
  /** Writes the beacons' waiting counts, stops the notifications' worker, then closes the database. */
  close(): Promise<void>;
}

/** Opens and migrates the database, starts the notifications and builds the app on them: what `npm start` and the dev server's /api share. */
export async function openApp(config: ServerConfig, options: AppOptions): Promise<OpenApp> {
  for (const warning of startWarnings(config)) console.warn(warning);
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
  const adminBase = config.siteOrigin ?? (options.siteUrl ? new URL(options.siteUrl).origin : `http://localhost:${config.port}`);
  const now = serverClock(config.clockStart ?? null);
  const notifications = await startNotifications({ store, settings: config.notify, adminBase, leadForms: options.leadForms, log: stdoutLog, now }).catch(
    async (error: unknown) => {
      await store.close();
      throw error;
    },
  );
  const close = async () => {
    await notifications.stop();
    await store.close();
  };
  const cost = options.scryptCost ?? DEFAULT_COST;
  let investorCheck: SecretCheck;
  try {
    [, investorCheck] = await Promise.all([
      ensureSettingsAccount(store.db, config.admin.username, config.admin.password, cost, new Date()),
      hashSecret(config.investor.key, cost),
    ]);
  } catch (error) {
    await store.close();
    throw error;
  }
  const deps = {
    store,
    beaconRateLimitPerMinute: config.beaconRateLimitPerMinute,
    siteOrigin: config.siteOrigin,
    trustProxy: config.trustProxy,
    rateLimitPerMinute: config.rateLimitPerMinute,
    sessionHours: config.sessionHours,
    passwordCost: cost,
    investor: { email: config.investor.email, check: investorCheck },
    investorPortal: options.investorPortal,
    leadForms: options.leadForms,
    now,
    log: stdoutLog,
    staticRoot: options.staticRoot,
    siteRenderer: options.siteRenderer ?? null,
    notify: notifications,
    teamTimeZone: config.notify.team.timeZone,
  };
  // One beacon service for the app's routes and the server's fast lane: one limit, one set of counts.
  const beacons = beaconServiceFor(deps);
  const app = createApp({ ...deps, beacons });
  const closeAll = async () => {
    // The beacons' counts of the last second first, while the database is open.
    await beacons.close();
    await close();
  };
  return { app, store, notifications, beacons, close: closeAll };
}

export async function startServer(config: ServerConfig, options: AppOptions): Promise<RunningServer> {
  const { app, store, notifications, beacons, close } = await openApp(config, options);

  const server = await new Promise<http.Server>((resolve, reject) => {
    const lane = beaconLane(beacons, { trustProxy: config.trustProxy, log: stdoutLog });
    const s = serve(
      {
        fetch: app.fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: SERVER_OPTIONS,
        // Beacons are answered on Node's own objects before the app (beacons/fast-lane.ts).
        createServer: ((serverOptions: http.ServerOptions, listener: http.RequestListener) =>
          http.createServer(serverOptions, (req, res) => {
            if (!lane(req, res)) listener(req, res);
          })) as typeof http.createServer,
      },
      () => resolve(s),
    ) as http.Server;
    applyLimits(s, { maxConnections: config.maxConnections, maxPerAddress: config.maxConnectionsPerAddress, proxies: config.trustProxy });
    s.once('error', reject);
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;

  let stopping: Promise<void> | null = null;
  const stop = (graceMs = 10_000) =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          // Requests still running after the grace period are cut off rather than hanging the deploy.
          server.closeAllConnections();
          resolve();
        }, graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        // Keep-alive connections with no request in flight would hold close() open.
        server.closeIdleConnections();
      });
      // Before the database closes: the beacons' counts of the last second, and a send in flight still records its result.
      await close();
    })());
  return { port, store, notifications, stop };
}
