/**
 * `npm run serve` under a process manager: systemd and Docker send SIGTERM to the npm process they
 * started, not to the server below it. The server must stop then (port free, PGlite folder lock
 * released), not keep serving as an orphan that holds the folder. And a start that cannot succeed
 * ends with one line saying why, not a stack trace: with no build, naming the folder it looked in.
 * Started with no NODE_ENV, as a shell or a unit file starts it, it runs in production mode.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/server/config';
import { lockDataDir } from '../src/server/db/dir-lock';
import { freshDataDir } from '../tests/server/pglite';
import { TEST_CREDENTIALS } from '../tests/server/spawn-server';
import { endingWithParent, killGroup, portIsFree, runNpm, waitForLine } from '../tests/support/processes';

const cleanup: (() => void)[] = [];

/**
 * A server that has not done what a test waits for by then is killed, so it fails the test
 * instead of outliving it. Only a safety net: a start takes 10-30 s on a busy 2-core machine (29 s
 * for the production-mode one with the site's build running beside it), and one three times
 * slower, beside the rest of the suite, must still pass; the tests' own limit (300 s) is above it.
 */
const SAFETY_KILL_MS = 240_000;

/** The environment a test server gets: the test credentials, a port it picks itself on loopback, and `env`. */
const serveEnv = (env: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ...TEST_CREDENTIALS, PORT: '0', HOST: '127.0.0.1', ...env });

afterAll(() => {
  for (const step of cleanup.reverse()) step();
});

describe('npm run serve', () => {
  it('stops when the npm process gets SIGTERM: the port is free and the data folder unlocked', async () => {
    const dataDir = await freshDataDir();
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-serve-dist-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    cleanup.push(() => fs.rmSync(dist, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>');
    fs.writeFileSync(path.join(dist, '404.html'), '<h1>Not found</h1>');

    // PORT=0 (serveEnv): the server binds a free port itself and prints it, so no other process can take it in between.
    const { child: npm, exited, stderr } = runNpm(['run', 'serve'], serveEnv({ DATA_DIR: dataDir, GB_OUT_DIR: dist }), (step) => cleanup.push(step));

    const [, port] = await waitForLine(npm, /Garlic Brothers site: http:\/\/localhost:(\d+)\//, stderr);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe('<h1>Home</h1>');

    npm.kill('SIGTERM');
    const code = await exited;
    expect(await portIsFree(Number(port))).toBe(true);
    // Throws while another process holds the folder.
    lockDataDir(dataDir)();
    // npm ends with the server's own status: a clean stop, not a kill.
    expect(code).toBe(0);
  });
});

/** A minimal build for scripts/serve.ts to find, deleted after the file's tests. */
function minimalBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-serve-dist-'));
  cleanup.push(() => fs.rmSync(dist, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>');
  return dist;
}

/**
 * Starts scripts/serve.ts as npm does (node with tsx as a loader), optionally as another user, with
 * exactly `env`, in a process group of its own: killed, with all it started, when the file ends or
 * after SAFETY_KILL_MS, and then its stderr says so.
 */
function startServe(env: NodeJS.ProcessEnv, asUser?: string) {
  const node = [process.execPath, '--import', 'tsx', 'scripts/serve.ts'];
  const [command, ...args] = asUser ? ['runuser', '-u', asUser, '--', ...node] : node;
  const child = spawn(command as string, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: endingWithParent(env), detached: true });
  cleanup.push(() => killGroup(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => {
    stderr += `\n[test] killed after ${SAFETY_KILL_MS / 1000} s\n`;
    killGroup(child);
  }, SAFETY_KILL_MS);
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
  return { child, exited, stderr: () => stderr };
}

/** Runs scripts/serve.ts until it exits; resolves with its status and what it wrote to stderr. */
function serveUntilExit(env: Record<string, string>, asUser?: string): Promise<{ code: number | null; stderr: string }> {
  return startServe(serveEnv(env), asUser).exited;
}

/** Exit status 1, and the last line of stderr the one `[server] could not start: …` line, with no stack trace. */
function expectOneLineFailure({ code, stderr }: { code: number | null; stderr: string }, cause: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(code, stderr).toBe(1);
  expect(lines.filter((line) => line.includes('could not start'))).toHaveLength(1);
  expect(lines.at(-1)).toMatch(new RegExp(`^\\[server\\] could not start: ${cause.source}`));
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('a server that cannot start', () => {
  it('on a data folder another server has open, says so in one line', async () => {
    const dataDir = await freshDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const dist = minimalBuild();
    const first = startServe(serveEnv({ DATA_DIR: dataDir, GB_OUT_DIR: dist }));
    await waitForLine(first.child, /Garlic Brothers site: /, first.stderr);
    const second = await serveUntilExit({ DATA_DIR: dataDir, GB_OUT_DIR: dist });
    expectOneLineFailure(second, new RegExp(`The database in ${dataDir} is open in another process \\(pid ${first.child.pid} on .+\\)`));
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
  });

  it('on a data folder it cannot write, says so in one line', async () => {
    // A folder of root's, mode 755: as root, the server runs as nobody to be refused like any other user.
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-readonly-'));
    cleanup.push(() => fs.rmSync(parent, { recursive: true, force: true }));
    const asRoot = process.getuid?.() === 0;
    fs.chmodSync(parent, asRoot ? 0o755 : 0o555);
    const dist = minimalBuild();
    fs.chmodSync(dist, 0o755); // readable by nobody too
    const result = await serveUntilExit({ DATA_DIR: path.join(parent, 'pglite'), GB_OUT_DIR: dist }, asRoot ? 'nobody' : undefined);
    expectOneLineFailure(result, /Cannot write to the data folder .*\/pglite \(EACCES\): the server needs it writable/);
  });

  it('on a database whose files it cannot write (a folder restored as another user), says so in one line', async () => {
    const dataDir = await freshDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // The folder itself is writable (the lock can be taken); the database's files are not.
    const asRoot = process.getuid?.() === 0;
    if (!asRoot) for (const entry of fs.readdirSync(dataDir, { recursive: true })) fs.chmodSync(path.join(dataDir, String(entry)), 0o555);
    fs.chmodSync(dataDir, 0o777);
    const dist = minimalBuild();
    fs.chmodSync(dist, 0o755);
    const result = await serveUntilExit({ DATA_DIR: dataDir, GB_OUT_DIR: dist }, asRoot ? 'nobody' : undefined);
    expectOneLineFailure(result, /PGlite could not open the database in .+ check that this user can write every file in it\./);
    // The lock it took is released again.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('garlic-server'))).toEqual([]);
  });
});

describe('npm run serve without a build', () => {
  it('says in one line that there is no build in the folder it looked in, and exits 1', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-serve-dist-'));
    cleanup.push(() => fs.rmSync(empty, { recursive: true, force: true }));
    // A data folder of its own, so a server that started anyway would not touch the project's data/.
    const dataDir = path.join(empty, 'pglite');
    const { code, stderr } = await serveUntilExit({ GB_OUT_DIR: empty, DATA_DIR: dataDir });
    expect(code, stderr).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `No build found in ${empty} (GB_OUT_DIR). Run \`npm run build\` first with the same GB_OUT_DIR (npm start does it for you).`,
    ]);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('npm run serve with NODE_ENV unset', () => {
  it('runs in production mode: it warns at start that SITE_ORIGIN is not set, which only production does', async () => {
    const dataDir = await freshDataDir();
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const dist = minimalBuild();
    // As a shell or systemd starts it: no NODE_ENV (vitest sets it to 'test' for itself) and no SITE_ORIGIN.
    const env = serveEnv({ DATA_DIR: dataDir, GB_OUT_DIR: dist });
    delete env.NODE_ENV;
    delete env.SITE_ORIGIN;
    const server = startServe(env);
    const [, port] = await waitForLine(server.child, /Garlic Brothers site: http:\/\/localhost:(\d+)\//, server.stderr);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
    // Production mode's other effect, React's production build for the pages of posts added in
    // the admin, makes them faster, not different: this warning is what shows of it.
    expect(server.stderr()).toMatch(/^\[server\] SITE_ORIGIN is not set: the API trusts the Host header/m);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});
