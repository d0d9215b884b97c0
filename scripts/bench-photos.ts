/**
 * What new photos cost the build, beside the Astro peer: makes PHOTOS camera-like photos (default
 * 50, at most 100; 4,000 x 3,000 JPEGs with grain and an EXIF orientation, from one
 * tests/support/camera-photo.ts photo with its colours turned, new bytes on every run so no cache
 * knows them), then builds, one after the other:
 *   ours without them, ours with them on the gallery page in each language (`<Figure>`), the peer without them, and
 *   the peer with them on a page of its own through astro:assets' `<Image>` at the same six widths.
 * Prints the four times and what the photos added to each. Our encodings of these photos are
 * removed from the photo cache afterwards (they would only fill it).
 * Run: npx tsx scripts/bench-photos.ts [-- 50]
 *   PEER_DIR: the peer's folder (default ../shared/peers/astro; copied, never changed)
 *   PEER_NODE_MODULES: an installed node_modules of the peer to copy (else its build.sh installs)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { photoKey, PHOTO_CACHE_DIR } from '../src/build/pipeline/photos/photo-cache';
import { fullSizeCameraPhoto } from '../tests/support/camera-photo';
import { loadAverage } from './lib/bench-measures';
import { BUILD_ARGV } from './lib/build-command';
import { peerSource, copyPeer, timedBuild } from './lib/peer-build';
import { copyProject } from './lib/project-copy';
import { removeBuild } from '../src/build/pipeline/ssr-dir';

/** Our two builds' folders in the copy: without the photos, then with them. */
const OUT_FOLDERS = ['out-without', 'out-with'] as const;

const MAX_PHOTOS = 100;
const count = Math.min(MAX_PHOTOS, Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 50));
const root = process.cwd();
const peerDir = peerSource(root);
const WIDTHS = [320, 480, 640, 960, 1280, 1920];

const work = copyProject('gb-bench-photos-', root);
const peer = path.join(work, 'peer');
const keys: string[] = [];
try {
  console.log(`Making ${count} photos of 4,000 x 3,000 px…`);
  // One camera photo, then each a new JPEG of it with its colours turned (new bytes, the same cost to encode).
  const base = await fullSizeCameraPhoto(4000, 3000, Date.now() % 200);
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    photos.push(
      await sharp(base)
        .modulate({ hue: (i * 7) % 360, brightness: 1 + (i % 5) / 50 })
        .jpeg({ quality: 90 })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
  }
  const megabytes = photos.reduce((sum, photo) => sum + photo.length, 0) / 1024 / 1024;
  console.log(`  ${megabytes.toFixed(0)} MB in all (each upright 3,000 x 4,000)`);
  const name = (i: number) => `bench-${String(i + 1).padStart(3, '0')}.jpg`;

  // Ours: the gallery page shows them, as an editor adds photos.
  const ourBuild = (out: string) => timedBuild('our build', process.execPath, BUILD_ARGV, work, { GB_OUT_DIR: path.join(work, out) });
  const oursWithout = ourBuild(OUT_FOLDERS[0]);
  fs.mkdirSync(path.join(work, 'content/photos'), { recursive: true });
  photos.forEach((photo, i) => fs.writeFileSync(path.join(work, 'content/photos', name(i)), photo));
  // In every language (the content check wants the same components in each), with its own alternative.
  const alts: Record<string, (n: number) => string> = {
    '': (n) => `Garlic bulbs drying in the field, view ${n}`,
    'de/': (n) => `Knoblauchknollen beim Trocknen auf dem Feld, Ansicht ${n}`,
    'ar/': (n) => `رؤوس ثوم تجف في الحقل، اللقطة ${n}`,
  };
  for (const [language, alt] of Object.entries(alts)) {
    const figures = photos.map((_, i) => `<Figure src="/photos/${name(i)}" alt="${alt(i + 1)}" width={3000} height={4000} />`);
    fs.appendFileSync(path.join(work, 'content', language, 'pages/gallery.mdx'), `\n${figures.join('\n\n')}\n`);
  }
  keys.push(...photos.map((photo) => photoKey(photo)));
  const oursWith = ourBuild(OUT_FOLDERS[1]);
  const photoLine = oursWith.stdout.split('\n').find((line) => line.startsWith('Photos: ')) ?? '(no photo line)';

  // The peer, in a copy of its folder: a page of its own shows them through astro:assets.
  copyPeer(peerDir, peer);
  const peerBuild = () => timedBuild('peer build', 'bash', [path.join(peer, 'build.sh')], peer);
  const peerWithout = peerBuild();
  fs.mkdirSync(path.join(peer, 'src/photos'), { recursive: true });
  photos.forEach((photo, i) => fs.writeFileSync(path.join(peer, 'src/photos', name(i)), photo));
  fs.writeFileSync(
    path.join(peer, 'src/pages/photos.astro'),
    `---
import { Image } from 'astro:assets';
import BaseLayout from '../layouts/BaseLayout.astro';
const photos = Object.values(import.meta.glob<{ default: ImageMetadata }>('../photos/*.jpg', { eager: true }));
---
<BaseLayout title="Photos" description="Photos from the field.">
  {photos.map((photo, i) => <Image src={photo.default} alt={\`Garlic bulbs drying in the field, view \${i + 1}\`} widths={${JSON.stringify(WIDTHS)}} sizes="(min-width: 54rem) 52rem, calc(100vw - 2rem)" />)}
</BaseLayout>
`,
  );
  const peerWith = peerBuild();
  const peerImages = fs.readdirSync(path.join(peer, 'dist/_astro')).filter((file) => /\.(webp|avif|jpe?g)$/.test(file)).length;

  const s = (seconds: number) => `${seconds.toFixed(1)} s`;
  console.log(`Load average at the end: ${loadAverage()} (${os.availableParallelism()} cores)`);
  console.log(`Our build without the photos: ${s(oursWithout.seconds)}; with them: ${s(oursWith.seconds)} (${photoLine}, AVIF and WebP at each width)`);
  console.log(`Peer build without the photos: ${s(peerWithout.seconds)}; with them: ${s(peerWith.seconds)} (${peerImages} WebP files)`);
  const ours = oursWith.seconds - oursWithout.seconds;
  const theirs = peerWith.seconds - peerWithout.seconds;
  console.log(`${count} photos add ${s(ours)} to ours and ${s(theirs)} to the peer's (${(ours / theirs).toFixed(2)}x; budget: at most 1x)`);
} finally {
  for (const key of keys) fs.rmSync(path.join(root, PHOTO_CACHE_DIR, key), { recursive: true, force: true });
  for (const out of OUT_FOLDERS) removeBuild(path.join(work, out));
  fs.rmSync(work, { recursive: true, force: true });
}
