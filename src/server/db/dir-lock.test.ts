import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../config';
import { currentHolder, DataDirInUse, HEARTBEAT_MS, LOCK_FILE, lockDataDir, lockHolder, processStartTime, STALE_MS, type LockHolder } from './dir-lock';

let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-lock-'));
  file = path.join(dir, LOCK_FILE);
});

afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes a lock as another process would have, `ageMs` old. */
function plant(holder: Partial<LockHolder> | string, ageMs = 0): void {
  fs.writeFileSync(file, typeof holder === 'string' ? holder : JSON.stringify({ ...currentHolder(), ...holder }));
  const time = new Date(Date.now() - ageMs);
  fs.utimesSync(file, time, time);
}

describe('the data directory lock', () => {
  it('is held once: a second attempt, even from the same process, is refused until the first releases', () => {
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(currentHolder());
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(() => lockDataDir(dir)).toThrow(/open in another process \(pid \d+ on .+\)/);
    release();
    expect(fs.existsSync(file)).toBe(false);
    lockDataDir(dir)();
    // Nothing but the lock itself was ever left in the folder.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a folder held by a live server of this machine', () => {
    // The test runner's parent: alive, and its recorded start time is its own.
    plant({ pid: process.ppid, start: processStartTime(process.ppid) }, 10 * STALE_MS);
    expect(lockHolder(dir)?.pid).toBe(process.ppid);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
  });

  it('takes over a lock whose pid is gone, or now names another process (the pid was reused)', () => {
    plant({ pid: 4_194_304_999 });
    expect(lockHolder(dir)).toBeNull();
    lockDataDir(dir)();

    // A live process, but not the one that wrote the lock: it started at another time.
    plant({ pid: process.ppid, start: '1' });
    expect(lockHolder(dir)).toBeNull();
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock written before the machine restarted', () => {
    plant({ pid: process.pid, boot: 'an-earlier-boot' });
    lockDataDir(dir)();
  });

  it('trusts a lock from another machine or container only while its holder refreshes it', () => {
    plant({ host: 'other-machine', pid: 1 }, STALE_MS / 2);
    expect(() => lockDataDir(dir)).toThrow(/pid 1 on other-machine/);
    plant({ host: 'other-machine', pid: 1 }, STALE_MS + 1_000);
    lockDataDir(dir)();
    // The same for a lock it cannot read at all.
    plant('4242', STALE_MS / 2);
    expect(() => lockDataDir(dir)).toThrow(/a lock file this server cannot read/);
    plant('4242', STALE_MS + 1_000);
    lockDataDir(dir)();
  });

  it('refreshes its own lock while held, so other machines see it alive', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const release = lockDataDir(dir);
    const old = new Date(Date.now() - STALE_MS);
    fs.utimesSync(file, old, old);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    expect(Date.now() - fs.statSync(file).mtimeMs).toBeLessThan(HEARTBEAT_MS);
    release();
  });

  it('says when the folder cannot be written', () => {
    const notAFolder = path.join(dir, 'file');
    fs.writeFileSync(notAFolder, '');
    expect(() => lockDataDir(path.join(notAFolder, 'pglite'))).toThrow(
      /^Cannot write to the data folder .*\/file\/pglite \(ENOTDIR\): the server needs it writable/,
    );
  });
});

interface Contender {
  child: ChildProcessWithoutNullStreams;
  /** Sends a command and resolves with the answer. */
  ask(command: string): Promise<string>;
  /** Resolves with the next line it writes. */
  next(): Promise<string>;
}

const contenders: Contender[] = [];
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const { child } of contenders) child.kill('SIGKILL');
  for (const cleanup of cleanups) cleanup();
});

async function contender(lockDir: string): Promise<Contender> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/lock-contender.ts', lockDir], { cwd: REPO_ROOT });
  const waiting: ((line: string) => void)[] = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const ready = next();
  const made = {
    child,
    next,
    ask(command: string) {
      const answer = next();
      child.stdin.write(`${command}\n`);
      return answer;
    },
  };
  contenders.push(made);
  expect(await ready).toBe('ready');
  return made;
}

describe('two processes locking at the same instant', () => {
  it('have exactly one winner, every time, whether the folder is free or its lock is stale', async () => {
    const startDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-lock-start-'));
    cleanups.push(() => fs.rmSync(startDir, { recursive: true, force: true }));
    const [a, b] = [await contender(dir), await contender(dir)] as [Contender, Contender];
    for (let round = 0; round < 20; round += 1) {
      // Every other round starts from a stale lock that both will try to take over.
      if (round % 2 === 1) plant({ pid: 4_194_304_999 });
      // Both spin until the start file exists, then lock at once.
      const start = path.join(startDir, `round-${round}`);
      expect(await Promise.all([a.ask(`lock ${start}`), b.ask(`lock ${start}`)])).toEqual(['armed', 'armed']);
      const results = Promise.all([a.next(), b.next()]);
      fs.writeFileSync(start, '');
      const answers = await results;
      expect(
        answers.filter((answer) => answer === 'won'),
        `round ${round}: ${answers.join(' | ')}`,
      ).toHaveLength(1);
      await Promise.all([a.ask('release'), b.ask('release')]);
      expect(fs.existsSync(file)).toBe(false);
    }
  });
});
