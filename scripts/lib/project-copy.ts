/**
 * A temporary copy of the project whose content can be changed (the build-failure test breaks a
 * file, the build benchmark adds 990 posts): content/ and the root files copied (the bundler wants
 * index.html inside the root it builds), the code folders and node_modules linked, except the
 * folders in `copied` (the dev server's test edits a component in its own copy of src/).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function copyProject(prefix: string, root = process.cwd(), copied: readonly string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const name of ['src', 'public', 'scripts', 'tests', 'node_modules']) {
    if (copied.includes(name)) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true });
    else fs.symlinkSync(path.join(root, name), path.join(dir, name));
  }
  for (const name of ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) fs.copyFileSync(path.join(root, name), path.join(dir, name));
  fs.cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
  return dir;
}
