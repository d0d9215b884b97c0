/**
 * `npm run dev` for the tests and the dev benchmark: Vite's dev server on a copy of the project
 * (content/ and src/ copied, so a test can edit and break files without touching the real ones;
 * the other code linked), on a port the server picks itself and reports, with its API's database in the copy
 * where `npm run dev` keeps it (data/dev-pglite), so a test can ask the server for its files.
 * It runs in a process group of its own, which stop() ends whole (Vite and anything it started),
 * and which ends itself if the test process goes away without stopping it (`endingWithParent`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { copyProject } from '../../../scripts/lib/project-copy';
import { freshDataDir } from '../../server/pglite';
import { endingWithParent } from '../../support/processes';

const STOP_GRACE_MS = 30_000;
/** Safety nets only: Vite listens within seconds, its API within 5-20 s on a busy 2-core machine. */
const LISTEN_TIMEOUT_MS = 180_000;
const API_TIMEOUT_MS = 240_000;

export interface DevServer {
  url: string;
  /** The project copy the server runs on: its content/ is the copy's own. */
  root: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * `files`: more files for the copy (text or bytes), by path from its root, written before the server
 * starts (a `.env` written later would restart it on another port).
 */
export async function startDevServer(env: NodeJS.ProcessEnv = {}, files: Record<string, string | Buffer> = {}): Promise<DevServer> {
  const root = copyProject('gb-dev-', process.cwd(), ['src']);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  // A copy of the tests' empty database: creating one runs initdb, 5-6 s of CPU.
  fs.mkdirSync(path.join(root, 'data'), { recursive: true });
  const dataDir = path.join(root, 'data', 'dev-pglite');
  fs.renameSync(await freshDataDir(path.join(root, 'data')), dataDir);
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), '--host', '127.0.0.1', '--port', '0', '--strictPort'],
    {
      cwd: root,
      env: endingWithParent({
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        GB_VITE_CACHE_DIR: path.join(root, '.vite'),
        GB_REMOVE_WITH_PARENT: root,
        ...env,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const stopped = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // the group has ended
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      signalGroup('SIGTERM');
      // A server that does not end on SIGTERM (its database still closing) is killed: the safety
      // net is long, so a slow machine's clean stop is never cut short.
      const kill = setTimeout(() => signalGroup('SIGKILL'), STOP_GRACE_MS);
      await stopped;
      clearTimeout(kill);
    }
    // Whatever Vite started in the group goes with it.
    signalGroup('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const url = await listening();
    await apiReady(url);
    return { url, root, output: () => output, stop };
  } catch (error) {
    // A server that did not come up is stopped here: the caller has nothing to stop it with.
    await stop();
    throw error;
  }

  function listening() {
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`The dev server did not start within ${LISTEN_TIMEOUT_MS / 1000} s:\n${output}`)), LISTEN_TIMEOUT_MS);
      const read = (chunk: Buffer) => {
        output += stripVTControlCharacters(chunk.toString());
        const found = output.match(/Local:\s+(http:\/\/127\.0\.0\.1:\d+)/);
        if (found) {
          clearTimeout(timer);
          resolve(found[1]);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The dev server exited (${code}) before it started:\n${output}`));
      });
    });
  }

  /** Ready once its API answers: the database opens in the background after the server listens. */
  async function apiReady(url: string) {
    const ready = Date.now() + API_TIMEOUT_MS;
    while (
      !(await fetch(`${url}/api/health`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      if (Date.now() > ready) throw new Error(`The dev server's API did not answer within ${API_TIMEOUT_MS / 1000} s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
