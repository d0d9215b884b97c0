/**
 * A temporary copy of the project whose content can be changed (the build-failure test breaks a
 * file, the build benchmark adds 990 posts): content/ and the root files copied (the bundler wants
 * index.html inside the root it builds), the code folders and node_modules linked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function copyProject(prefix: string, root = process.cwd()): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const name of ['src', 'public', 'scripts', 'tests', 'node_modules']) fs.symlinkSync(path.join(root, name), path.join(dir, name));
  for (const name of ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) fs.copyFileSync(path.join(root, name), path.join(dir, name));
  fs.cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  return dir;
}
