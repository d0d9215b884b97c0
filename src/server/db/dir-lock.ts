/**
 * PGlite's data directory may be open in one process only: a second process writing to it
 * corrupts it. The server takes a lock file in the directory before opening it:
 *
 * - Atomically: the lock is written in full under a name of its own, then hard-linked to
 *   LOCK_FILE, which fails when the file exists, so of two processes starting at once exactly one
 *   wins (no check-then-write window), and a reader never sees a half-written lock.
 * - Naming its holder well enough to tell a dead one: pid, host, boot id, pid namespace and the
 *   process's start time. On the same machine and pid namespace a lock whose pid is gone, or now
 *   names a process that started at another time (the pid was reused), is stale at once; after a
 *   reboot every lock from before is stale. A holder this process cannot check (another machine or
 *   container sharing the folder, or no /proc) keeps the lock only while it refreshes the file's
 *   time, every HEARTBEAT_MS; one not refreshed for STALE_MS is taken over.
 * - A stale lock is removed by one process at a time (the one that creates BREAKER_FILE), and only
 *   if it is still the file judged stale, so two processes taking over the same stale lock cannot
 *   both win either.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'garlic-server.lock';
const BREAKER_FILE = `${LOCK_FILE}.breaking`;
export const HEARTBEAT_MS = 10_000;
export const STALE_MS = 60_000;
/** Breaking a lock takes a moment; a breaker file older than this was left by a process that died doing it. */
const BREAKER_STALE_MS = 10_000;

export interface LockHolder {
  pid: number;
  host: string;
  /** The kernel's boot id ('' without /proc): changes when the machine restarts. */
  boot: string;
  /** The pid namespace ('' without /proc): pids of another one (another container) mean other processes. */
  pidns: string;
  /** The process's start time in clock ticks since boot ('' without /proc). */
  start: string;
}

/** Thrown when a live process holds the directory; says which. */
export class DataDirInUse extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder ? `pid ${holder.pid} on ${holder.host}` : 'a lock file this server cannot read';
    super(`The database in ${dir} is open in another process (${who}). PGlite allows one process at a time: stop that one first.`);
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Field 22 of /proc/<pid>/stat, after the command name (which may hold spaces and parentheses). */
export function processStartTime(pid: number): string {
  const stat = readText(`/proc/${pid}/stat`);
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
}

function pidNamespace(): string {
  try {
    return fs.readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

/** Whether a process runs, under any account. */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    host: os.hostname(),
    boot: readText('/proc/sys/kernel/random/boot_id'),
    pidns: pidNamespace(),
    start: processStartTime(process.pid),
  };
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || typeof value.host !== 'string') return null;
    return { pid: value.pid as number, host: value.host, boot: String(value.boot ?? ''), pidns: String(value.pidns ?? ''), start: String(value.start ?? '') };
  } catch {
    return null;
  }
}

/** Whether the lock still stands: its holder is alive, or cannot be checked from here and refreshed it lately. */
export function holderIsLive(holder: LockHolder | null, ageMs: number, me: LockHolder = currentHolder()): boolean {
  if (holder && holder.host === me.host && holder.boot && me.boot) {
    // The machine restarted since: no process from before survives.
    if (holder.boot !== me.boot) return false;
    if (holder.pidns === me.pidns) {
      if (!pidExists(holder.pid)) return false;
      const start = processStartTime(holder.pid);
      if (holder.start && start) return start === holder.start;
    }
  } else if (holder && holder.host === me.host && !holder.boot && !me.boot && !pidExists(holder.pid)) {
    return false;
  }
  return ageMs < STALE_MS;
}

interface FoundLock {
  holder: LockHolder | null;
  ino: number;
  ageMs: number;
}

function readLock(file: string): FoundLock | null {
  try {
    const stat = fs.statSync(file);
    return { holder: parseHolder(readText(file)), ino: stat.ino, ageMs: Date.now() - stat.mtimeMs };
  } catch {
    return null; // released meanwhile
  }
}

/** The live holder of the directory, or null when it is free or its lock is stale. */
export function lockHolder(dir: string): LockHolder | null {
  const found = readLock(path.join(dir, LOCK_FILE));
  return found && holderIsLive(found.holder, found.ageMs) ? found.holder : null;
}

/** Removes the stale lock `ino` unless another process is removing it right now. */
function breakStaleLock(dir: string, ino: number): void {
  const breaker = path.join(dir, BREAKER_FILE);
  try {
    fs.writeFileSync(breaker, String(process.pid), { flag: 'wx' });
  } catch {
    try {
      if (Date.now() - fs.statSync(breaker).mtimeMs > BREAKER_STALE_MS) fs.rmSync(breaker, { force: true });
    } catch {
      // gone meanwhile
    }
    return;
  }
  try {
    const file = path.join(dir, LOCK_FILE);
    // Only breakers remove another's lock and only one breaks at a time, so a file with this inode
    // is still the stale one; a new holder's file would have another.
    if (fs.statSync(file).ino === ino) fs.rmSync(file);
  } catch {
    // gone meanwhile
  } finally {
    fs.rmSync(breaker, { force: true });
  }
}

function writable(dir: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `Cannot write to the data folder ${dir} (${code ?? (error as Error).message}): the server needs it writable. Check its owner and permissions.`,
      {
        cause: error,
      },
    );
  }
}

/** Takes the directory for this process; returns the release function. Throws DataDirInUse while a live process holds it. */
export function lockDataDir(dir: string): () => void {
  writable(dir, () => fs.mkdirSync(dir, { recursive: true }));
  const file = path.join(dir, LOCK_FILE);
  const draft = path.join(dir, `${LOCK_FILE}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`);
  writable(dir, () => fs.writeFileSync(draft, JSON.stringify(currentHolder()), { flag: 'wx' }));
  let ino = -1;
  try {
    for (let attempt = 0; attempt < 3 && ino < 0; attempt += 1) {
      try {
        fs.linkSync(draft, file);
        ino = fs.statSync(draft).ino;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const found = readLock(file);
        if (found && holderIsLive(found.holder, found.ageMs)) throw new DataDirInUse(dir, found.holder);
        if (found) breakStaleLock(dir, found.ino);
      }
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  if (ino < 0) throw new Error(`Could not lock ${dir}: another process is taking over its stale lock right now. Try again.`);

  const ours = () => {
    try {
      return fs.statSync(file).ino === ino;
    } catch {
      return false;
    }
  };
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      if (ours()) fs.utimesSync(file, now, now);
    } catch {
      // The folder went read-only or away: the database will say so; the lock must not crash the server.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    if (ours()) fs.rmSync(file, { force: true });
  };
}
