/**
 * `npm run serve` under a process manager: systemd and Docker send SIGTERM to the npm process they
 * started, not to the server below it. The server must stop then (port free, PGlite folder lock
 * released), not keep serving as an orphan that holds the folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/server/config';
import { lockDataDir } from '../src/server/db/dir-lock';
import { freshDataDir } from '../src/server/testing/pglite';
import { TEST_CREDENTIALS } from '../src/server/testing/spawn-server';

const cleanup: (() => void)[] = [];

afterAll(() => {
  for (const step of cleanup.reverse()) step();
});

/** Resolves with the first match of `pattern` in the child's stdout; rejects if it exits first. */
function waitForLine(child: ChildProcess, pattern: RegExp, stderr: () => string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(pattern);
      if (match) {
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        resolve(match);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`npm exited with ${code} before the server started:\n${out}\n${stderr()}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** True when nothing listens on the port any more: binding it succeeds. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('npm run serve', () => {
  it('stops when the npm process gets SIGTERM: the port is free and the data folder unlocked', async () => {
    const dataDir = await freshDataDir();
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-serve-dist-'));
    cleanup.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    cleanup.push(() => fs.rmSync(dist, { recursive: true, force: true }));
    fs.writeFileSync(path.join(dist, 'index.html'), '<h1>Home</h1>');
    fs.writeFileSync(path.join(dist, '404.html'), '<h1>Not found</h1>');

    // Its own process group, so the clean-up can end whatever is left below npm if the test fails.
    const npm = spawn('npm', ['run', 'serve'], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // PORT=0: the server binds a free port itself and prints it, so no other process can take it in between.
      env: { ...process.env, ...TEST_CREDENTIALS, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, GB_OUT_DIR: dist },
    });
    cleanup.push(() => {
      try {
        process.kill(-(npm.pid as number), 'SIGKILL');
      } catch {
        // the group has ended
      }
    });
    let stderr = '';
    npm.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));

    const [, port] = await waitForLine(npm, /Garlic Brothers site: http:\/\/localhost:(\d+)\//, () => stderr);
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
  }, 90_000);
});
