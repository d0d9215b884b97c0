/**
 * Loaded (node --import) into a server a test starts in a process group of its own: when the test
 * process is gone (its worker ended without its clean-up: a hook that timed out, a worker killed),
 * the process is handed to another parent, and this ends the whole group, so no server outlives
 * the suite that started it, and removes the folder GB_REMOVE_WITH_PARENT names (the server's copy
 * of the project). Checked once a second; the timer never keeps the server alive itself.
 */
import fs from 'node:fs';

const parent = process.ppid;
const folder = process.env.GB_REMOVE_WITH_PARENT;
setInterval(() => {
  if (process.ppid === parent) return;
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.kill(process.pid, 'SIGKILL');
  }
}, 1000).unref();
