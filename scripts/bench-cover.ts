/**
 * A post whose cover is a camera's 4,000 px photo, beside the Astro peer showing the same photo
 * through astro:assets' `<Image>`: builds a copy of ours with the photo as the cover of post 1 and
 * a copy of the peer (from our posts, each `<Fact />` written out as our English page shows it,
 * since the peer has no such component) with it on post 1's page after the byline, where ours shows
 * it, at the same widths and `sizes` as ours and loaded as ours is (eager, high priority). Then
 * runs `npm run audit:lighthouse` on /blog/1 with `--peer` (LCP against the peer's, run for run,
 * and the four categories) and prints the bytes of the cover a 390 px phone fetches on each at
 * device pixel ratios 1.75, 2 and 3. Our encodings of the photo are removed from the photo cache
 * afterwards.
 * Run: npx tsx scripts/bench-cover.ts [-- --runs 5]   (3 runs by default)
 *   PEER_DIR, PEER_NODE_MODULES: as for scripts/bench-photos.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { renderFacts } from '../src/build/content/fact-check';
import { loadContent } from '../src/build/content/load';
import { photoKey, PHOTO_CACHE_DIR } from '../src/build/pipeline/photos/photo-cache';
import { createStaticServer, listen } from '../src/build/hosting/static-server';
import { fullSizeCameraPhoto } from '../tests/support/camera-photo';
import { loadAverage } from './lib/bench-measures';
import { BUILD_ARGV } from './lib/build-command';
import { resolveChromium } from './lib/chromium';
import { copyPeer, peerSource, timedBuild } from './lib/peer-build';
import { copyProject } from './lib/project-copy';
import { removeBuild } from '../src/build/pipeline/ssr-dir';

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs expects a whole number from 1 up');
const root = process.cwd();
const peerDir = peerSource(root);
const ALT = 'Garlic bulbs drying on racks at the farm';
const POST = '/blog/1';

const work = copyProject('gb-bench-cover-', root);
const peer = path.join(work, 'peer');
const ours = path.join(work, 'out');
let key = '';
try {
  // Stored 3,000 x 4,000 on its side (EXIF orientation 6): upright, 4,000 x 3,000.
  const photo = await fullSizeCameraPhoto(3000, 4000, Date.now() % 200);
  key = photoKey(photo);
  console.log(`The cover: a 4,000 x 3,000 camera photo, ${(photo.length / 1024 / 1024).toFixed(1)} MB`);

  fs.mkdirSync(path.join(work, 'content/photos'), { recursive: true });
  fs.writeFileSync(path.join(work, 'content/photos/bench-cover.jpg'), photo);
  const postFile = fs.readdirSync(path.join(work, 'content/blog')).find((name) => /^0*1-/.test(name));
  if (!postFile) throw new Error('No post 1 in content/blog');
  const postPath = path.join(work, 'content/blog', postFile);
  fs.writeFileSync(postPath, fs.readFileSync(postPath, 'utf8').replace(/^---\n/, `---\ncover: /photos/bench-cover.jpg\ncoverAlt: "${ALT}"\n`));
  const ourBuild = timedBuild('our build', process.execPath, BUILD_ARGV, work, { GB_OUT_DIR: ours });
  console.log(`Our build: ${ourBuild.seconds.toFixed(1)} s`);

  // The peer shows it where ours does, with our widths and sizes.
  const page = fs.readFileSync(path.join(ours, 'blog/1/index.html'), 'utf8');
  const cover = /<picture>(?:(?!<\/picture>).)*class="post-cover(?:(?!<\/picture>).)*<\/picture>/s.exec(page)?.[0] ?? '';
  const sizes = /sizes="([^"]+)"/.exec(cover)?.[1];
  const widths = [...cover.matchAll(/ (\d+)w/g)].map((match) => Number(match[1]));
  if (!sizes || widths.length === 0) throw new Error(`No cover photo with sizes and widths on our ${POST}: ${cover}`);
  copyPeer(peerDir, peer);
  fs.mkdirSync(path.join(peer, 'src/photos'), { recursive: true });
  fs.writeFileSync(path.join(peer, 'src/photos/cover.jpg'), photo);
  const postPage = path.join(peer, 'src/pages/blog/[id].astro');
  fs.writeFileSync(
    postPage,
    fs
      .readFileSync(postPage, 'utf8')
      .replace('---\n\n', `import { Image } from 'astro:assets';\nimport cover from '../../photos/cover.jpg';\n---\n\n`)
      .replace(
        '    <div class="prose">',
        `    {post.id === '1' && <Image src={cover} alt="${ALT}" widths={${JSON.stringify([...new Set(widths)].sort((a, b) => a - b))}} sizes="${sizes}" loading="eager" fetchpriority="high" />}\n    <div class="prose">`,
      ),
  );
  const facts = loadContent(work).factTable;
  const peerPosts = path.join(work, 'peer-posts');
  fs.mkdirSync(peerPosts);
  for (const name of fs.readdirSync(path.join(work, 'content/blog'))) {
    const text = fs.readFileSync(path.join(work, 'content/blog', name), 'utf8');
    const written = renderFacts(text, 'en', facts);
    fs.writeFileSync(path.join(peerPosts, name), written);
  }
  const peerBuild = timedBuild('peer build', 'bash', [path.join(peer, 'build.sh'), peerPosts], peer);
  console.log(`The peer's build: ${peerBuild.seconds.toFixed(1)} s`);
  if (!/<img[^>]*fetchpriority="high"/.test(fs.readFileSync(path.join(peer, 'dist/blog/1/index.html'), 'utf8')))
    throw new Error(`The peer's ${POST} shows no cover`);

  console.log(`\nThe cover's bytes on a 390 px phone (load average ${loadAverage()}):`);
  const resolved = await resolveChromium();
  const browser = await chromium.launch({ executablePath: resolved.executablePath, args: resolved.args });
  try {
    for (const [name, dir] of [
      ['ours', ours],
      ['the peer', path.join(peer, 'dist')],
    ] as const) {
      const server = createStaticServer(dir);
      const port = await listen(server, 0);
      const figures: string[] = [];
      for (const ratio of [1.75, 2, 3]) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: ratio, isMobile: true });
        const tab = await context.newPage();
        let bytes = 0;
        let url = '';
        tab.on('response', async (response) => {
          if (response.request().resourceType() !== 'image' || !/\.(avif|webp|jpe?g)(\?|$)/.test(response.url())) return;
          url = response.url();
          bytes += (await response.body()).length;
        });
        await tab.goto(`http://127.0.0.1:${port}${POST}`, { waitUntil: 'networkidle' });
        figures.push(`${(bytes / 1024).toFixed(1)} kB at ${ratio} (${path.basename(new URL(url).pathname)})`);
        await context.close();
      }
      server.close();
      console.log(`  ${name}: ${figures.join(', ')}`);
    }
  } finally {
    await browser.close();
  }

  console.log(`\nLighthouse on ${POST}, ${runs} runs, beside the peer:`);
  const audit = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/audit-lighthouse.ts', POST, '--peer', path.join(peer, 'dist'), '--runs', String(runs)],
    {
      cwd: root,
      env: { ...process.env, GB_OUT_DIR: ours },
      stdio: 'inherit',
    },
  );
  process.exitCode = audit.status ?? 1;
} finally {
  if (key) fs.rmSync(path.join(root, PHOTO_CACHE_DIR, key), { recursive: true, force: true });
  removeBuild(ours);
  fs.rmSync(work, { recursive: true, force: true });
}
