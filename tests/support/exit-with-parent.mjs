/**
 * Loaded into every Node process a test starts (through NODE_OPTIONS: `endingWithParent` in
 * processes.ts), and so into the Node processes those start in turn. When the process's parent is
 * gone (the test's worker ended without its clean-up: a hook that timed out, a worker or the whole
 * run killed), the process is handed to another parent; this then ends the process group it leads
 * (a command started in a group of its own, with everything it started), or else the process
 * alone, so nothing a test started outlives it, and removes the folder GB_REMOVE_WITH_PARENT names
 * (a dev server's copy of the project). Checked once a second; the timer never keeps a process
 * alive itself.
 *
 * A parent that died while this process was starting is already gone when this runs, and the
 * parent it sees then is its new one: GB_PARENT_PID names the process that started it, so that
 * case is caught at once; each process names itself there for the processes it starts.
 */
import fs from 'node:fs';

// src/server/db/dir-lock.ts's pidExists, negated: this file runs in plain Node before anything
// else in the process, so it imports nothing of the project's.
const gone = (pid) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
};

function end() {
  const folder = process.env.GB_REMOVE_WITH_PARENT;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.kill(process.pid, 'SIGKILL');
  }
}

const parent = process.ppid;
const starter = Number(process.env.GB_PARENT_PID);
process.env.GB_PARENT_PID = String(process.pid);
if (starter > 0 && gone(starter)) end();
setInterval(() => {
  if (process.ppid !== parent) end();
}, 1000).unref();
