/**
 * Build-time benchmark at scale, beside the Astro peer: copies the project, adds generated posts
 * (the peer's own generator, so both build the same text) until there are POSTS (default 1000),
 * builds ours twice, then the peer from the same posts (each fact written out, as the peer has no
 * <Fact />), one after the other, and prints the times, their ratios and what /blog weighs. Ours:
 * a first build of posts none of which an earlier build has compiled (each carries this run's
 * mark, so the MDX cache has none of them; the social cards, drawn from the titles, are cached
 * after the first run), then the next build with nothing changed, as an editor's next build is.
 * Run: npm run bench:build [-- 1000] [--no-peer]   (PEER_DIR: the peer's folder, default ../shared/peers/astro)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import matter from 'gray-matter';
import { DESCRIPTION_MAX, TITLE_MAX, shortenAtWord } from '../src/build/content/snippet-limits';
import { formatQuantity } from '../src/build/content/fact-format';
import { isForm } from '../src/build/content/facts';
import { loadContent } from '../src/build/content/load';
import { BUILD_ARGV } from './lib/build-command';
import { copyProject } from './lib/project-copy';
import { removeBuild } from '../src/build/pipeline/ssr-dir';

const args = process.argv.slice(2);
const target = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const withPeer = !args.includes('--no-peer');
const root = process.cwd();
const peerSource = path.resolve(process.env.PEER_DIR ?? path.join(root, '../shared/peers/astro'));
const work = copyProject('gb-bench-', root);
const out = path.join(work, 'dist');
const blogDir = path.join(work, 'content/blog');
const existing = fs.readdirSync(blogDir).length;
const runMark = `build benchmark ${new Date().toISOString()}`;
const generator = path.join(peerSource, 'gen-posts.mjs');
if (!fs.existsSync(generator)) throw new Error(`The peer's post generator is not at ${generator}: set PEER_DIR`);
const gen = spawnSync(
  process.execPath,
  [generator, String(target - existing), blogDir, '--first-id', String(existing + 1), '--image', '/images/blog/placeholder.svg'],
  {
    encoding: 'utf8',
  },
);
if (gen.status !== 0) throw new Error(`gen-posts failed: ${gen.stderr}`);
// Our content check wants <id>-<slug>.mdx file names, titles of at most 60 characters and a search
// description of at most 160 where the excerpt is longer (an editor writes them; here both are
// cut at a word).
for (const file of fs.readdirSync(blogDir)) {
  const id = /^(\d+)\.mdx$/.exec(file)?.[1];
  if (!id) continue;
  const source = fs.readFileSync(path.join(blogDir, file), 'utf8');
  const { title, excerpt } = matter(source).data as { title?: string; excerpt?: string };
  let adapted = source;
  if (title && title.length > TITLE_MAX) adapted = adapted.replace(/^title:.*$/m, `title: ${JSON.stringify(shortenAtWord(title, TITLE_MAX))}`);
  if (excerpt && excerpt.length > DESCRIPTION_MAX)
    adapted = adapted.replace(/^excerpt:.*$/m, (line) => `${line}\ndescription: ${JSON.stringify(shortenAtWord(excerpt, DESCRIPTION_MAX))}`);
  fs.writeFileSync(path.join(blogDir, `${id}-generated-post.mdx`), `${adapted}\n{/* ${runMark} */}\n`);
  fs.rmSync(path.join(blogDir, file));
}

function timed(name: string, command: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { seconds: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync(command, argv, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) {
    console.error(`${name} failed:`, run.stdout.slice(-3000), run.stderr.slice(-3000));
    process.exit(1);
  }
  return { seconds, stdout: run.stdout };
}

const first = timed('our first build', process.execPath, BUILD_ARGV, work, { GB_OUT_DIR: out });
const next = timed('our next build', process.execPath, BUILD_ARGV, work, { GB_OUT_DIR: out });
const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file)).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
// Where the time went, as the build reports it (bundles, pre-render, service worker, social cards, precompression).
const breakdown = (stdout: string) => stdout.split('\n').find((line) => line.startsWith('Built ')) ?? '';
console.log(`Posts: ${target}`);
console.log(`Our first build (every post compiled): ${first.seconds.toFixed(1)} s\n  ${breakdown(first.stdout)}`);
console.log(`Our next build (nothing changed): ${next.seconds.toFixed(1)} s\n  ${breakdown(next.stdout)}`);
console.log(`/blog HTML: ${kB(fs.statSync(path.join(out, 'blog/index.html')).size)} (${kB(gzip(path.join(out, 'blog/index.html')))} gzip)`);
console.log(`/blog/search.json (fetched on first search): ${kB(gzip(path.join(out, 'blog/search.json')))} gzip`);

if (withPeer) {
  // The peer builds in a copy of its own folder (it may be read-only), from the same 1,000 posts.
  const peer = path.join(work, 'peer');
  fs.cpSync(peerSource, peer, { recursive: true, filter: (src) => !/\/(dist|\.astro)$/.test(src) });
  // The peer has no <Fact />: its copy of the posts has each fact written out as our pages show it.
  const { factTable } = loadContent(work);
  const peerPosts = path.join(work, 'peer-posts');
  fs.mkdirSync(peerPosts);
  for (const file of fs.readdirSync(blogDir)) {
    const text = fs.readFileSync(path.join(blogDir, file), 'utf8');
    const written = text.replace(/<Fact name="([^"]+)"(?: form="([^"]+)")? \/>/g, (_, name: string, form?: string) =>
      formatQuantity(factTable[name]!, 'en', form && isForm(form) ? form : 'short'),
    );
    fs.writeFileSync(path.join(peerPosts, file), written);
  }
  const peerRun = spawnSync('bash', ['build.sh', peerPosts], { cwd: peer, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const peerSeconds = Number(/build_s=([\d.]+)/.exec(peerRun.stdout)?.[1]);
  if (peerRun.status !== 0 || !peerSeconds) {
    console.error('peer build failed:', peerRun.stdout.slice(-2000), peerRun.stderr.slice(-2000));
    process.exit(1);
  }
  console.log(`Peer build (astro build): ${peerSeconds.toFixed(1)} s`);
  const ratio = (seconds: number) => (seconds / peerSeconds).toFixed(2);
  console.log(`Ratio ours/peer: first build ${ratio(first.seconds)}, next build ${ratio(next.seconds)} (target at most 0.60, search index included)`);
}
removeBuild(out);
fs.rmSync(work, { recursive: true, force: true });
