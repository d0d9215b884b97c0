/**
 * A folder that stops taking writes while a server has it open, in one of two ways Linux has:
 *
 * - 'remount': the file system is remounted read-only (ext4's errors=remount-ro after a disk
 *   error, or an operator's `mount -o remount,ro`). Every write fails with EROFS, through a file
 *   opened before as much as through a new one; reads go on.
 * - 'permissions': the folder and its files lose their write permission (`chmod -R a-w`, a
 *   restore as another user). Opening a file for writing, creating, renaming or removing one fails
 *   with EACCES, while a file opened before keeps taking writes, as the kernel checks permissions
 *   only when a file is opened.
 *
 * The tests run as root, where chmod stops no write and a remount needs privileges a test should
 * not use, so this turns Node's own `fs` functions read-only for paths in the folder instead.
 * PGlite's file system (Emscripten's NODEFS) and the server's health probe call these same
 * functions, so they see the errors the kernel would give them.
 *
 * Install it before the database opens the folder, so the files it opens are known, and restore it
 * in a finally.
 */
import fs from 'node:fs';
import path from 'node:path';
import { syncBuiltinESMExports } from 'node:module';

export type ReadOnlyWay = 'remount' | 'permissions';

export interface ReadOnlyFolder {
  /** From now on writes into the folder fail, as `way` makes them fail. */
  turnReadOnly(way: ReadOnlyWay): void;
  /** Writes work again. */
  turnWritable(): void;
  /** Puts Node's fs functions back as they were. */
  restore(): void;
}

type Fs = Record<string, (...args: unknown[]) => unknown>;

function refusal(way: ReadOnlyWay, syscall: string, target: string): NodeJS.ErrnoException {
  return way === 'remount'
    ? Object.assign(new Error(`EROFS: read-only file system, ${syscall} '${target}'`), { errno: -30, code: 'EROFS', syscall, path: target })
    : Object.assign(new Error(`EACCES: permission denied, ${syscall} '${target}'`), { errno: -13, code: 'EACCES', syscall, path: target });
}

/** Whether open flags (a number or a string such as 'r', 'w', 'a+') ask to write. */
function opensForWriting(flags: unknown): boolean {
  if (flags === undefined || flags === null) return false;
  if (typeof flags === 'number') return (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_TRUNC)) !== 0;
  return String(flags) !== 'r' && String(flags) !== 'rs' && String(flags) !== 'sr';
}

export function readOnlyFolder(folder: string): ReadOnlyFolder {
  const root = path.resolve(folder);
  const inside = (target: unknown) => {
    if (typeof target !== 'string' && !(target instanceof URL) && !Buffer.isBuffer(target)) return false;
    const resolved = path.resolve(target instanceof URL ? target.pathname : String(target));
    return resolved === root || resolved.startsWith(root + path.sep);
  };
  const mutable = fs as unknown as Fs;
  const original: Fs = {};
  /** The descriptors of files opened in the folder, opened before it turned read-only too. */
  const descriptors = new Set<number>();
  let readOnly: ReadOnlyWay | null = null;

  const replace = (name: string, make: (call: (...args: unknown[]) => unknown) => (...args: unknown[]) => unknown) => {
    const call = mutable[name] as (...args: unknown[]) => unknown;
    original[name] = call;
    mutable[name] = make((...args) => call.apply(fs, args));
  };
  /** A function that changes the paths given as the arguments at `positions`. */
  const refuseByPath = (name: string, positions = [0]) =>
    replace(name, (call) => (...args) => {
      const hit = positions.map((i) => args[i]).find(inside);
      if (readOnly && hit !== undefined) throw refusal(readOnly, name.replace(/Sync$/, ''), String(hit));
      return call(...args);
    });
  /** A function that writes through a descriptor: refused only on a read-only mount. */
  const refuseByDescriptor = (name: string) =>
    replace(name, (call) => (...args) => {
      if (readOnly === 'remount' && descriptors.has(args[0] as number)) throw refusal(readOnly, name.replace(/Sync$/, ''), `fd ${String(args[0])}`);
      return call(...args);
    });

  replace('openSync', (call) => (...args) => {
    if (readOnly && inside(args[0]) && opensForWriting(args[1])) throw refusal(readOnly, 'open', String(args[0]));
    const fd = call(...args) as number;
    if (inside(args[0])) descriptors.add(fd);
    return fd;
  });
  replace('closeSync', (call) => (...args) => {
    descriptors.delete(args[0] as number);
    return call(...args);
  });
  for (const name of ['writeSync', 'ftruncateSync', 'fchmodSync', 'futimesSync']) refuseByDescriptor(name);
  for (const name of [
    'mkdirSync',
    'unlinkSync',
    'rmdirSync',
    'rmSync',
    'writeFileSync',
    'appendFileSync',
    'truncateSync',
    'utimesSync',
    'chmodSync',
    'symlinkSync',
  ])
    refuseByPath(name);
  for (const name of ['renameSync', 'linkSync']) refuseByPath(name, [0, 1]);
  refuseByPath('copyFileSync', [1]);
  syncBuiltinESMExports();

  return {
    turnReadOnly: (way) => void (readOnly = way),
    turnWritable: () => void (readOnly = null),
    restore() {
      readOnly = null;
      for (const [name, call] of Object.entries(original)) mutable[name] = call;
      syncBuiltinESMExports();
    },
  };
}
