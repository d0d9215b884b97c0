/**
 * What a test's worker leaves when it is killed before its clean-up runs: nothing. A process
 * started with `endingWithParent` ends once its parent is gone (with the folder it was told to
 * remove), also when the parent died while it was starting; and a command started in a process
 * group of its own ends with everything it started, Node or not (a `sleep` here; a build's
 * esbuild or Pagefind, a shell). The stand-in for the worker is a Node process the test kills.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { pidExists as alive } from '../../src/server/db/dir-lock';
import { endingWithParent } from './processes';

/** The watchdog looks once a second; a safety net for a machine three times slower than a busy one. */
const GONE_WITHIN_MS = 30_000;

const started: number[] = [];
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
});

/**
 * The stand-in runs `script` with `env` in scope (endingWithParent's, naming the stand-in as the
 * parent, as the worker's own call names the worker) and prints the pids it started on one line;
 * this reads them, checks they run, and kills the stand-in (unless it has ended by itself).
 */
async function orphansOf(script: string, env: NodeJS.ProcessEnv): Promise<number[]> {
  const source = `import { spawn } from 'node:child_process';
    const env = { ...${JSON.stringify(env)}, GB_PARENT_PID: String(process.pid) };
    ${script}`;
  const worker = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(worker.pid as number);
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    worker.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    worker.once('exit', (code) => (out.includes('\n') ? undefined : reject(new Error(`the stand-in exited with ${code} before starting anything`))));
  });
  const pids = line.split(' ').map(Number);
  started.push(...pids);
  worker.kill('SIGKILL');
  return pids;
}

/** A Node process that says so once it runs (its imports, the watchdog among them, done). */
const SERVER = `"console.log('up'); setInterval(() => {}, 1000)"`;

it('ends a Node process whose parent is gone, and removes the folder it was told to', async () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-orphan-'));
  folders.push(folder);
  const [server] = await orphansOf(
    `const server = spawn(process.execPath, ['-e', ${SERVER}], { stdio: ['ignore', 'pipe', 'inherit'], env });
     server.stdout.once('data', () => console.log(server.pid));`,
    endingWithParent({ ...process.env, GB_REMOVE_WITH_PARENT: folder }),
  );
  await expect.poll(() => alive(server), { timeout: GONE_WITHIN_MS }).toBe(false);
  expect(fs.existsSync(folder)).toBe(false);
});

it('ends a Node process whose parent died while it was starting', async () => {
  const [server] = await orphansOf(
    `const server = spawn(process.execPath, ['-e', ${SERVER}], { stdio: 'ignore', env });
     console.log(server.pid);
     process.exit(0);`,
    endingWithParent(process.env),
  );
  await expect.poll(() => alive(server), { timeout: GONE_WITHIN_MS }).toBe(false);
});

it('ends a command started in a group of its own with everything it started, Node or not', async () => {
  const command = `import { spawn } from 'node:child_process';
    const sleep = spawn('sleep', ['600'], { stdio: 'ignore' });
    console.log(sleep.pid);
    setInterval(() => {}, 1000);`;
  const [leader, sleeper] = await orphansOf(
    `const command = spawn(process.execPath, ['--input-type=module', '-e', ${JSON.stringify(command)}], { detached: true, stdio: ['ignore', 'pipe', 'inherit'], env });
     command.stdout.once('data', (chunk) => console.log(command.pid + ' ' + chunk.toString().trim()));`,
    endingWithParent(process.env),
  );
  expect(alive(sleeper as number)).toBe(true);
  await expect.poll(() => alive(leader as number) || alive(sleeper as number), { timeout: GONE_WITHIN_MS }).toBe(false);
});
