/**
 * Twenty cover uploads at once: starts the real server (a child process on 127.0.0.1, a fresh
 * PGlite in a temporary folder), adds 20 posts and sends each a camera's 12 MB photo (6,000 x
 * 4,000, tests/support/camera-photo.ts; each with a different tail after its end marker, so each
 * is a photo of its own), all at the same moment. Prints what the server answered (200 stored,
 * 503 refused before the body was read), how long the stored ones took, and the server's
 * resident memory: sampled every 50 ms while the uploads run and for a minute after (the
 * variants they queued being made), and the kernel's peak (VmHWM). Every request comes from one
 * address, so its connection cap is raised (MAX_CONNECTIONS_PER_ADDRESS). Bounded: 20 uploads,
 * each request within 5 minutes; the server is stopped at the end.
 * Run: npx tsx scripts/bench-uploads.ts   (UPLOADS: how many, at most 20)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fullSizeCameraPhoto } from '../tests/support/camera-photo';
import { spawnServer, TEST_CREDENTIALS } from '../tests/server/spawn-server';
import { adminCookie, loadAverage, mb, procKb } from './lib/bench-measures';

const UPLOADS = Math.min(20, Number(process.env.UPLOADS ?? 20));
const LIMIT_MS = 5 * 60_000;
const AFTER_MS = 60_000;
const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') => procKb(pid, 'status', field);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-uploads-'));
const server = await spawnServer(0, { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000', MAX_CONNECTIONS_PER_ADDRESS: '1000' }, { optimised: true });
const pid = server.child.pid as number;
const origin = server.origin;
try {
  const cookie = await adminCookie(origin, TEST_CREDENTIALS);
  const ids: number[] = [];
  for (let i = 0; i < UPLOADS; i += 1) {
    const added = await fetch(`${origin}/api/admin/posts`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Harvest notes ${i + 1}`, content: 'The season.' }),
    });
    ids.push(((await added.json()) as { post: { id: number } }).post.id);
  }
  const photo = await fullSizeCameraPhoto();
  const photos = ids.map((_, i) => Buffer.concat([photo, Buffer.from(`upload ${i}`)]));
  console.log(
    `${UPLOADS} uploads of a ${(photo.length / 1024 / 1024).toFixed(1)} MB camera photo (6000 x 4000) at once; server at rest: RSS ${mb(statusKb(pid, 'VmRSS'))}`,
  );

  let peakSampled = statusKb(pid, 'VmRSS');
  const sampler = setInterval(() => (peakSampled = Math.max(peakSampled, statusKb(pid, 'VmRSS'))), 50);
  const started = performance.now();
  const answers = await Promise.all(
    ids.map(async (id, i) => {
      const form = new FormData();
      form.set('photo', new File([new Uint8Array(photos[i])], `IMG_${2041 + i}.jpg`, { type: 'image/jpeg' }));
      form.set('alt', 'Garlic bulbs laid out to cure in rows after the harvest');
      try {
        const response = await fetch(`${origin}/api/admin/posts/${id}/cover`, {
          method: 'PUT',
          headers: { origin, cookie },
          body: form,
          signal: AbortSignal.timeout(LIMIT_MS),
        });
        await response.arrayBuffer();
        return { status: response.status, seconds: (performance.now() - started) / 1000 };
      } catch (error) {
        // The server may close the connection of an upload it refused before reading its body.
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        return { status: 0, seconds: (performance.now() - started) / 1000, error: `${String(error)}${cause}` };
      }
    }),
  );
  const stored = answers.filter((answer) => answer.status === 200);
  const counts = new Map<number, number>();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  const byStatus = [...counts].map(([status, n]) => `${n} x ${status === 0 ? 'connection closed' : status}`);
  const errors = [...new Set(answers.map((answer) => answer.error).filter(Boolean))];
  if (errors.length) console.log(`  connections closed: ${errors.join('; ')}`);
  console.log(`  answers: ${byStatus.join(', ')}; the stored ones answered within ${Math.max(0, ...stored.map((answer) => answer.seconds)).toFixed(1)} s`);
  console.log(`  during the uploads: RSS at most ${mb(peakSampled)} (sampled every 50 ms)`);
  // The variants the stored photos queued are being made: a further minute of samples (bounded).
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
  clearInterval(sampler);
  console.log(
    `  a minute later, the variants' queue at work: RSS at most ${mb(peakSampled)} sampled, ` +
      `${mb(statusKb(pid, 'VmHWM'))} peak (VmHWM), ${mb(statusKb(pid, 'VmRSS'))} now`,
  );
  console.log(`Load average at the end: ${loadAverage()} (${os.availableParallelism()} cores)`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
