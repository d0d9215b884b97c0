/**
 * /dev/shm, the memory-backed folder Linux mounts for shared memory, where the machine has one
 * with room. Containers often give it 64 MB, and other systems have none: callers then keep to
 * their usual place.
 */
import fs from 'node:fs';

export const DEV_SHM = '/dev/shm';

type StatFs = (path: string) => { bavail: number; bsize: number };

/** Whether /dev/shm exists, can be written, and has `bytes` free. */
export function devShmHasRoom(
  bytes: number,
  statfs: StatFs = fs.statfsSync,
  access: (path: string) => void = (path) => fs.accessSync(path, fs.constants.W_OK),
): boolean {
  try {
    access(DEV_SHM);
    const { bavail, bsize } = statfs(DEV_SHM);
    return bavail * bsize >= bytes;
  } catch {
    return false;
  }
}
