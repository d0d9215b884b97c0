/**
 * `npm run build` stops on broken content with the loader's message, before writing anything.
 * Builds a temporary copy of the project with one content file broken.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { expect, it } from 'vitest';
import { BUILD_ARGV } from './lib/build-command';
import { copyProject } from './lib/project-copy';

it('fails the build naming the file, the field and the expectation', async () => {
  const dir = copyProject('gb-build-');
  try {
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
});

it('npm run build ends with the content error itself, with no stack trace, and writes nothing', () => {
  const dir = copyProject('gb-build-');
  try {
    const faq = path.join(dir, 'content/faq', fs.readdirSync(path.join(dir, 'content/faq')).sort()[0]);
    fs.writeFileSync(faq, fs.readFileSync(faq, 'utf8').replace(/^category: .*$/m, 'category: logistics'));

    const run = spawnSync(process.execPath, BUILD_ARGV, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GB_OUT_DIR: path.join(dir, 'out') },
    });
    expect(run.status).toBe(1);
    const output = `${run.stdout}${run.stderr}`.trim();
    expect(output.split('\n').at(-1)).toMatch(
      /^ {2}content\/faq\/.+\.md: category: expected one of products, shipping, quality, pricing, partnership, technical, got "logistics"$/,
    );
    expect(output).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(path.join(dir, 'out'))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it('npm run build refuses an argument it does not take, naming it and GB_OUT_DIR, and writes nothing', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-build-args-'));
  try {
    const run = spawnSync(process.execPath, [...BUILD_ARGV, '--out-dir', 'elsewhere'], {
      encoding: 'utf8',
      env: { ...process.env, GB_OUT_DIR: path.join(out, 'site') },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'npm run build: unknown argument "--out-dir", "elsewhere". It takes only --for-server; to build into another folder than dist/, set GB_OUT_DIR (GB_OUT_DIR=/some/dir npm run build).',
    );
    expect(fs.readdirSync(out)).toEqual([]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
