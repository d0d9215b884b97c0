/**
 * The site as `npm start` runs it: the run's one server-mode build (support/server-build.ts: no
 * LEAD_ENDPOINT, so the forms post to the same origin's /api), served by the real server
 * (src/server/main.ts, through spawnServer) on a loopback port it binds itself, with a PGlite DATA_DIR of
 * this file's own, so files never see each other's data. The server checks the test credentials;
 * the build embeds none, because where the server runs, the server decides.
 *
 *   const site = useServerSite();            // in the describe body: starts in beforeAll
 *   await page.goto(site.origin() + '/contact');
 *   await site.restart();                     // same port, same data
 *
 * The server and the database are stopped and removed in afterAll; the build belongs to the run.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { APIRequestContext, APIResponse, Page } from 'playwright-core';
import { freshDataDir } from '../../server/pglite';
import { spawnServer, type ServerProcess } from '../../server/spawn-server';
import { TEST_CREDENTIALS } from './env';
import { builtServerSite } from './server-build';

export interface ServerSite {
  /** http://127.0.0.1:<port>, the same for the whole file (restarts keep the port). */
  origin(): string;
  /** Stops the server (SIGTERM, so it closes the database cleanly) and starts it again on the same port and data. */
  restart(): Promise<void>;
}

async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** Registers beforeAll/afterAll hooks that start, stop and clean up one server site for the calling test file. */
/** `env`: more of the server's environment (read when it starts, e.g. a mail server's SMTP_URL). */
export function useServerSite(env: () => Record<string, string> = () => ({})): ServerSite {
  let outDir = '';
  let dataDir = '';
  let server: ServerProcess | undefined;

  /** Port 0 the first time (the server binds a free one); a restart takes the same one again, as the browser's storage belongs to the origin. */
  const start = async (port: number) => {
    // GB_OUT_DIR: the test process inherits the static build's folder from the global setup; the
    // server must serve the server-mode build instead.
    server = await spawnServer(port, { ...TEST_CREDENTIALS, ...env(), GB_OUT_DIR: outDir, DATA_DIR: dataDir });
  };

  beforeAll(async () => {
    outDir = await builtServerSite(inject('serverBuild'));
    // A copy of an empty template database: creating one takes PGlite 10-20 s.
    dataDir = await freshDataDir();
    await start(0);
    // The project's hook limit (10 minutes): the build it may wait for and the server's start each
    // have their own safety net (server-build.ts, spawn-server.ts).
  });

  afterAll(async () => {
    if (server) await stop(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  return {
    origin() {
      if (!server) throw new Error('The server site has not started yet (useServerSite starts it in beforeAll)');
      return server.origin;
    },
    async restart() {
      if (!server) throw new Error('The server site has not started yet');
      await stop(server);
      await start(server.port);
    },
  };
}

/**
 * Adds a colleague's account to the server at `origin` through the Team routes, signed in as the
 * first account, and returns the password the server made for it.
 */
export async function addColleagueAt(origin: string, email: string): Promise<string> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const added = await fetch(`${origin}/api/admin/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ email }),
  });
  expect(added.status).toBe(201);
  return ((await added.json()) as { password: string }).password;
}

/**
 * A request from the page's browser context (its cookies), as the page's script would send it,
 * retried once if the connection is reset: the server closes a connection idle for 5 s, and a
 * request sent on it at that moment is reset before the server has read it. A browser retries such
 * a request by itself, whatever its method; Playwright's request client does only when asked.
 */
export function requestFrom(page: Page, url: string, options: Parameters<APIRequestContext['fetch']>[1] = {}): Promise<APIResponse> {
  return page.request.fetch(url, { maxRetries: 1, ...options });
}

/** A GET from the page's browser context (see requestFrom). */
export const getFrom = (page: Page, url: string): Promise<APIResponse> => requestFrom(page, url);

/** Signs the page's browser context in as the first admin through the API: its next pages and requests carry the session. */
export async function signInContext(page: Page, origin: string): Promise<void> {
  const login = await requestFrom(page, `${origin}/api/admin/login`, {
    method: 'POST',
    data: { username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD },
    headers: { Origin: origin },
  });
  expect(login.status()).toBe(200);
}
