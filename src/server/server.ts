/**
 * Starts the whole server from its configuration: open and migrate the database, add or update
 * the ADMIN_USERNAME account and hash the investor key, listen with limits on slow and numerous
 * clients (http/limits.ts), and shut down cleanly on SIGTERM/SIGINT (stop accepting, let
 * in-flight requests finish, then close the database).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { InvestorPortal } from '@/content/schema';
import type { LeadForms } from '@/domain/lead-forms';
import type { Hono } from 'hono';
import { beaconServiceFor, createApp } from './app';
import { ensureSettingsAccount } from './auth/accounts';
import { DEFAULT_COST, hashSecret, type ScryptCost, type SecretCheck } from './auth/password';
import { beaconLane } from './beacons/fast-lane';
import type { BeaconService } from './beacons/service';
import { startWarnings, type ServerConfig } from './config';
import type { Env } from './context';
import { openStore, type Store } from './db/connect';
import { applyLimits, SERVER_OPTIONS } from './http/limits';
import { stdoutLog } from './logging';
import type { SiteRenderer } from './site/renderer';

export interface RunningServer {
  port: number;
  store: Store;
  /** Stops accepting, waits for in-flight requests (up to `graceMs`), closes the database. */
  stop(graceMs?: number): Promise<void>;
}

interface AppOptions {
  staticRoot: string | null;
  investorPortal: InvestorPortal;
  leadForms: LeadForms;
  siteRenderer?: SiteRenderer | null;
  scryptCost?: ScryptCost;
}

/** Opens and migrates the database and builds the app on it: what `npm start` and the dev server's /api share. */
export async function openApp(config: ServerConfig, options: AppOptions): Promise<{ app: Hono<Env>; store: Store; beacons: BeaconService }> {
  for (const warning of startWarnings(config)) console.warn(warning);
  const store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
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
    now: () => new Date(),
    log: stdoutLog,
    staticRoot: options.staticRoot,
    siteRenderer: options.siteRenderer ?? null,
  };
  // One beacon service for the app's routes and the server's fast lane: one limit, one set of counts.
  const beacons = beaconServiceFor(deps);
  const app = createApp({ ...deps, beacons });
  return { app, store, beacons };
}

export async function startServer(config: ServerConfig, options: AppOptions): Promise<RunningServer> {
  const { app, store, beacons } = await openApp(config, options);

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
    applyLimits(s, config.maxConnections);
    s.once('error', reject);
  }).catch(async (error: unknown) => {
    await beacons.close();
    await store.close();
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
      // The beacons' counts of the last second, then the database.
      await beacons.close();
      await store.close();
    })());
  return { port, store, stop };
}
