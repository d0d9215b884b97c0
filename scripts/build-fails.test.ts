/**
 * `npm run build` stops on broken content with the loader's message, before writing anything.
 * Builds a temp copy of the project (content copied and broken; src, public, node_modules linked).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { expect, it } from 'vitest';

it('fails the build naming the file, the field and the expectation', async () => {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-build-'));
  try {
    for (const name of ['src', 'public', 'scripts', 'node_modules']) fs.symlinkSync(path.join(root, name), path.join(dir, name));
    for (const name of ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) fs.copyFileSync(path.join(root, name), path.join(dir, name));
    fs.cpSync(path.join(root, 'content'), path.join(dir, 'content'), { recursive: true });
    const post = fs.readdirSync(path.join(dir, 'content/blog')).sort()[2];
    const file = path.join(dir, 'content/blog', post);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^date: .*$/m, 'date: "31/02/2025"'));

    await expect(
      build({ root: dir, configFile: path.join(dir, 'vite.config.ts'), logLevel: 'silent', build: { outDir: path.join(dir, 'dist') } }),
    ).rejects.toThrow(`content/blog/${post}: date: expected YYYY-MM-DD, got "31/02/2025"`);
    expect(fs.existsSync(path.join(dir, 'dist/index.html'))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
