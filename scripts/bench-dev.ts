/**
 * Live-preview benchmark, beside the Astro peer: how long an editor waits between saving a post
 * and seeing the new text on screen. Starts `npm run dev` on a copy of the project, opens /blog/1
 * in Chromium, saves a new title EDITS times (default 3) and measures from each write until the
 * page's <h1> shows it (polled every 50 ms); then the same with the peer's `astro dev` on a copy of
 * the same posts. Prints each edit, the medians and their ratio.
 * Run: npm run bench:dev [-- --edits 5] [--no-peer]   (PEER_DIR: the peer's folder, default ../shared/peers/astro)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { Browser } from 'playwright-core';
import { startDevServer } from '../tests/browser/support/dev-server';
import { launchChromium, resolveChromium } from './lib/chromium';

const args = process.argv.slice(2);
const edits = Number(args[args.indexOf('--edits') + 1]) || 3;
const withPeer = !args.includes('--no-peer');
const root = process.cwd();
const peerSource = path.resolve(process.env.PEER_DIR ?? path.join(root, '../shared/peers/astro'));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Saves `edits` new titles into `postFile` and times each until `url` shows it in its <h1>. */
async function timeEdits(browser: Browser, url: string, postFile: string): Promise<number[]> {
  const original = fs.readFileSync(postFile, 'utf8');
  const page = await (await browser.newContext()).newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('h1').first().waitFor();
  const times: number[] = [];
  try {
    for (let n = 1; n <= edits; n++) {
      const title = `Garlic market notes, revision ${n}`;
      const saved = performance.now();
      fs.writeFileSync(postFile, original.replace(/^title:.*$/m, `title: "${title}"`));
      await page.waitForFunction((expected) => document.querySelector('h1')?.textContent?.trim() === expected, title, { polling: 50, timeout: 30_000 });
      times.push(performance.now() - saved);
      // Let the page settle (its scripts, the dev server's follow-up work) before the next save.
      await page.waitForLoadState('load');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    fs.writeFileSync(postFile, original);
    await page.context().close();
  }
  return times;
}

/** The peer's `astro dev` on a copy of its folder (installed there) and a copy of our posts. */
async function startPeer(posts: string): Promise<{ url: string; stop: () => Promise<void>; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-peer-dev-'));
  fs.cpSync(peerSource, dir, { recursive: true, filter: (src) => !/\/(dist|\.astro|node_modules)$/.test(src) });
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`npm install in the peer failed: ${install.stderr.slice(-2000)}`);
  const child = spawn(process.execPath, [path.join(dir, 'node_modules/astro/astro.js'), 'dev', '--host', '127.0.0.1', '--port', '4330'], {
    cwd: dir,
    env: { ...process.env, POSTS_DIR: posts, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`astro dev did not start within 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += stripVTControlCharacters(chunk.toString());
      const found = output.match(/(http:\/\/127\.0\.0\.1:\d+)\//);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  return {
    url,
    dir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const browser = await launchChromium(await resolveChromium());
const results: { name: string; times: number[] }[] = [];
try {
  const dev = await startDevServer();
  try {
    const post = fs.readdirSync(path.join(dev.root, 'content/blog')).find((file) => file.startsWith('01-'));
    if (!post) throw new Error('No post with id 1 in content/blog');
    // The first request compiles the page's modules; an editor's first look is not what is measured.
    await fetch(`${dev.url}/blog/1`);
    results.push({ name: 'ours (npm run dev)', times: await timeEdits(browser, `${dev.url}/blog/1`, path.join(dev.root, 'content/blog', post)) });
  } finally {
    await dev.stop();
  }

  if (withPeer) {
    const posts = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-peer-posts-'));
    fs.cpSync(path.join(root, 'content/blog'), posts, { recursive: true });
    const peer = await startPeer(posts);
    try {
      const post = fs.readdirSync(posts).find((file) => file.startsWith('01-'));
      if (!post) throw new Error("No post with id 1 in the peer's posts");
      await fetch(`${peer.url}/blog/1`);
      results.push({ name: 'peer (astro dev)', times: await timeEdits(browser, `${peer.url}/blog/1`, path.join(posts, post)) });
    } finally {
      await peer.stop();
      fs.rmSync(posts, { recursive: true, force: true });
    }
  }
} finally {
  await browser.close();
}

for (const { name, times } of results) console.log(`${name}: median ${median(times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')} ms)`);
if (results.length === 2) console.log(`ratio: ${(median(results[0].times) / median(results[1].times)).toFixed(2)}`);
