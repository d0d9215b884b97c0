/**
 * Build-time benchmark: copies the project's content, adds generated posts until there are
 * POSTS of them (default 1000), builds into a temp folder and prints the time taken and the size
 * of what /blog loads. Run: npm run bench:build [-- 1000]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const target = Number(process.argv[2] ?? 1000);
const root = process.cwd();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-'));
const out = path.join(work, 'dist');

// A copy of the project with its own content: folders linked, root files and content copied
// (the bundler wants index.html inside the root it builds).
for (const name of ['src', 'public', 'scripts', 'node_modules']) fs.symlinkSync(path.join(root, name), path.join(work, name));
for (const name of ['index.html', 'vite.config.ts', 'package.json', 'tsconfig.json']) fs.copyFileSync(path.join(root, name), path.join(work, name));
fs.cpSync(path.join(root, 'content'), path.join(work, 'content'), { recursive: true });
const blogDir = path.join(work, 'content/blog');
const template = fs.readFileSync(path.join(blogDir, fs.readdirSync(blogDir).sort()[0]), 'utf8');
const existing = fs.readdirSync(blogDir).length;
for (let id = existing + 1; id <= target; id++) {
  const day = String((id % 28) + 1).padStart(2, '0');
  const text = template
    .replace(/^id: .*$/m, `id: ${id}`)
    .replace(/^title: .*$/m, `title: "Garlic market note number ${id}"`)
    .replace(/^date: .*$/m, `date: "2024-${String((id % 12) + 1).padStart(2, '0')}-${day}"`)
    .replace(/^featured: .*$/m, 'featured: false');
  fs.writeFileSync(path.join(blogDir, `${id}-garlic-market-note-${id}.mdx`), text);
}

// The three steps of `npm run build`, timed one by one.
const steps: [string, string[]][] = [
  ['client build', ['node_modules/vite/bin/vite.js', 'build']],
  ['server build', ['node_modules/vite/bin/vite.js', 'build', '--ssr', 'src/entry-server.tsx']],
  ['pre-render', ['node_modules/tsx/dist/cli.mjs', 'scripts/prerender.ts']],
];
let seconds = 0;
for (const [name, args] of steps) {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: work, env: { ...process.env, GB_OUT_DIR: out }, encoding: 'utf8' });
  const taken = (performance.now() - started) / 1000;
  seconds += taken;
  if (run.status !== 0) {
    console.error(`${name} failed:`, run.stdout.slice(-3000), run.stderr.slice(-3000));
    process.exit(1);
  }
  console.log(`${name}: ${taken.toFixed(1)} s`);
}

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;
const blogHtml = path.join(out, 'blog/index.html');
const blogChunks = fs.readdirSync(path.join(out, 'assets')).filter((f) => /^(index|BlogList)[-.].*\.js$/.test(f));
console.log(`Posts: ${target}`);
console.log(`Build time: ${seconds.toFixed(1)} s`);
console.log(`/blog HTML: ${(gzip(blogHtml) / 1024).toFixed(1)} KB gzip`);
for (const chunk of blogChunks) console.log(`${chunk}: ${(gzip(path.join(out, 'assets', chunk)) / 1024).toFixed(1)} KB gzip`);
fs.rmSync(work, { recursive: true, force: true });
