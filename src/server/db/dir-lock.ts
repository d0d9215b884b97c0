/**
 * PGlite's data directory may be open in one process only: a second process writing to it
 * corrupts it. The server writes its pid into the directory and refuses to open one whose pid is
 * still alive; a pid left by a killed process is stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'garlic-server.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live process holding the directory, or null. */
export function lockHolder(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the directory for this process; returns the release function. */
export function lockDataDir(dir: string): () => void {
  const holder = lockHolder(dir);
  if (holder !== null) {
    throw new Error(`The database in ${dir} is open in another process (pid ${holder}). PGlite allows one process at a time: stop that one first.`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  fs.writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // already gone
    }
  };
}
