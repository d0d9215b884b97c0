/**
 * The site as `npm start` runs it: built once per test file WITHOUT LEAD_ENDPOINT (so the forms
 * post to the same origin's /api) into a temporary folder, served by the real server
 * (src/server/main.ts, through spawnServer) on a free loopback port with a temporary PGlite
 * DATA_DIR. The server signs in with the same test credentials the build was made with.
 *
 *   const site = useServerSite();            // in the describe body: builds and starts in beforeAll
 *   await page.goto(site.origin() + '/contact');
 *   await site.restart();                     // same port, same data
 *
 * Everything it made (server, build, database) is stopped and removed in afterAll.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort, spawnServer, type ServerProcess } from '../../../src/server/testing/spawn-server';
import { TEST_CREDENTIALS } from './env';

/** A build takes a minute or two on a busy machine; the server's first start creates the database. */
const SETUP_TIMEOUT_MS = 300_000;

export interface ServerSite {
  /** http://127.0.0.1:<port>, the same for the whole file (restarts keep the port). */
  origin(): string;
  /** Stops the server (SIGTERM, so it closes the database cleanly) and starts it again on the same port and data. */
  restart(): Promise<void>;
}

/** Builds the site into `outDir` the way a production deploy without LEAD_ENDPOINT does. */
function buildWithoutLeadEndpoint(outDir: string): void {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ...TEST_CREDENTIALS,
    SITE_URL: 'https://garlicbrothers.example',
    GB_OUT_DIR: outDir,
  };
  delete env.LEAD_ENDPOINT;
  const build = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (build.status !== 0) throw new Error(`npm run build (without LEAD_ENDPOINT, into ${outDir}) failed with status ${build.status}`);
}

async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** Registers beforeAll/afterAll hooks that build, start, stop and clean up one server site for the calling test file. */
export function useServerSite(): ServerSite {
  let outDir = '';
  let dataDir = '';
  let port = 0;
  let server: ServerProcess | undefined;

  const start = async () => {
    // GB_OUT_DIR: the test process inherits the static build's folder from the global setup; the
    // server must serve this file's build instead.
    server = await spawnServer(port, { ...TEST_CREDENTIALS, GB_OUT_DIR: outDir, DATA_DIR: dataDir });
  };

  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-server-site-'));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-server-data-'));
    buildWithoutLeadEndpoint(outDir);
    port = await freePort();
    await start();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    if (server) await stop(server);
    if (!outDir) return;
    // The build's server bundle lives beside the project (scripts/lib/build-paths.ts).
    const ssrDir = path.resolve('node_modules/.cache/gb-ssr', path.basename(outDir));
    for (const dir of [outDir, dataDir, ssrDir]) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  return {
    origin() {
      if (!server) throw new Error('The server site has not started yet (useServerSite starts it in beforeAll)');
      return server.origin;
    },
    async restart() {
      if (server) await stop(server);
      await start();
    },
  };
}
