import { describe, expect, it } from 'vitest';
import { devShmHasRoom } from './dev-shm';

const GiB = 1024 ** 3;
const free = (bytes: number) => () => ({ bavail: bytes / 4096, bsize: 4096 });
const writable = () => {};

describe('devShmHasRoom', () => {
  it("is true only with the room asked for, not in a container's 64 MB", () => {
    expect(devShmHasRoom(GiB, free(24 * GiB), writable)).toBe(true);
    expect(devShmHasRoom(GiB, free(GiB), writable)).toBe(true);
    expect(devShmHasRoom(GiB, free(64 * 1024 ** 2), writable)).toBe(false);
    expect(devShmHasRoom(2 * GiB, free(GiB), writable)).toBe(false);
  });

  it('is false where there is no /dev/shm, or this user cannot write to it', () => {
    const missing = () => {
      throw Object.assign(new Error("ENOENT: no such file or directory, access '/dev/shm'"), { code: 'ENOENT' });
    };
    const readOnly = () => {
      throw Object.assign(new Error("EACCES: permission denied, access '/dev/shm'"), { code: 'EACCES' });
    };
    expect(devShmHasRoom(GiB, free(24 * GiB), missing)).toBe(false);
    expect(devShmHasRoom(GiB, free(24 * GiB), readOnly)).toBe(false);
  });
});
