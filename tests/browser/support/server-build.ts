/**
 * The server-mode build: the site as `npm start` builds it on a clean checkout (for the server,
 * `--for-server`), with no LEAD_ENDPOINT (its forms post to the same origin's /api) and with every
 * sign-in secret set, the server's and a static gate's, none of which it may carry (the server
 * checks them itself; credentials.test.ts searches this build for them and their hashes). Every
 * server-mode test file serves this one build, and build-output.test.ts reads what it printed, so
 * it is made once per run: the global setup starts it in the background as soon as the static
 * build is done, the first test files run meanwhile, and a server-mode file waits for it in its
 * beforeAll. Files outside the build folder say how it ended: `<dir>.status` holds the exit
 * status, `<dir>.log` everything the build printed.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { BUILD_FOR_SERVER_ARGV } from '../../../scripts/lib/build-command';
import { removeBuild } from '../../../src/build/pipeline/ssr-dir';
import { endingWithParent } from '../../support/processes';
import { ownedTempDir } from '../../support/scratch';
import { TEST_CREDENTIALS, TEST_GATE_CREDENTIALS, TEST_SITE_URL } from './env';

export interface ServerBuild {
  /** The site's folder (GB_OUT_DIR of the build). */
  dir: string;
}

/** The name the build's folder starts with (and so its server bundle's: ssr-dir.ts). */
export const SERVER_SITE_PREFIX = 'gb-server-site-';

/** A build is one or two minutes on a busy two-core machine. */
const BUILD_TIMEOUT_MS = 300_000;

const statusFile = (build: ServerBuild) => `${build.dir}.status`;
const logFile = (build: ServerBuild) => `${build.dir}.log`;

/** Starts the build; `stop()` ends it if it still runs and removes everything it made. */
export function startServerBuild(): { build: ServerBuild; stop(): Promise<void> } {
  const build: ServerBuild = { dir: ownedTempDir(os.tmpdir(), SERVER_SITE_PREFIX) };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // vitest sets NODE_ENV=test; the server must serve the production build that ships.
    NODE_ENV: 'production',
    SITE_URL: TEST_SITE_URL,
    GB_OUT_DIR: build.dir,
    ...TEST_CREDENTIALS,
    ...TEST_GATE_CREDENTIALS,
  };
  delete env.LEAD_ENDPOINT;
  const log = fs.openSync(logFile(build), 'w');
  // `npm start`'s build without npm, whose own lines would be in the log. Its own process group, so
  // stop() ends it and anything it started together.
  const child = spawn(process.execPath, BUILD_FOR_SERVER_ARGV, { env: endingWithParent(env), stdio: ['ignore', log, log], detached: true });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      fs.closeSync(log);
      // Written whole, then renamed: a reader never sees half a status.
      fs.writeFileSync(`${statusFile(build)}.tmp`, code === null ? `killed by ${signal}` : String(code));
      fs.renameSync(`${statusFile(build)}.tmp`, statusFile(build));
      resolve();
    });
  });
  return {
    build,
    async stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      // The folder and its server bundle (ssr-dir.ts; not through build-paths.ts, which fixes its
      // folders from GB_OUT_DIR when first imported, before the global setup sets it).
      removeBuild(build.dir);
      for (const file of [statusFile(build), logFile(build)]) fs.rmSync(file, { force: true });
    },
  };
}

/** Resolves once the build has succeeded; throws with its output when it failed or took too long. */
export async function builtServerSite(build: ServerBuild): Promise<string> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!fs.existsSync(statusFile(build))) {
    if (Date.now() > deadline) throw new Error(`The server-mode build into ${build.dir} did not finish within ${BUILD_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const status = fs.readFileSync(statusFile(build), 'utf8');
  if (status !== '0')
    throw new Error(
      `The server-mode build (scripts/build.ts --for-server without LEAD_ENDPOINT, into ${build.dir}) failed (${status}):\n${fs.readFileSync(logFile(build), 'utf8')}`,
    );
  return build.dir;
}

/** Everything the build printed, stdout and stderr in the order written (once it has succeeded). */
export async function serverBuildOutput(build: ServerBuild): Promise<string> {
  await builtServerSite(build);
  return fs.readFileSync(logFile(build), 'utf8');
}
