/**
 * Load test of the server: `npm run bench:server`. Starts the real server (a child process, on
 * 127.0.0.1 only) on a fresh PGlite database and, when PostgreSQL is available, on a temporary
 * PostgreSQL cluster with PostgreSQL's own durability settings (fsync, synchronous_commit and
 * full_page_writes on, as a production server runs), and for each, with autocannon at 50
 * connections for 10 seconds (at most 50,000 requests) each:
 *
 * - POST /api/leads, every request a new submission (the per-address rate limit is raised for the
 *   run, RATE_LIMIT_PER_MINUTE, since all requests come from one address);
 * - GET /blog/1, a built page, brotli as browsers ask for it;
 * - GET /blog/<id> of a post added through the admin API with /blog/1's text, which the server
 *   renders and keeps (src/server/site/page-cache.ts), brotli too;
 * - POST /api/beacons/vitals (five metrics of a page view of /, values varying) and
 *   POST /api/beacons/ab (an impression), as text/plain like navigator.sendBeacon, the
 *   per-address beacon limit raised (BEACON_RATE_LIMIT_PER_MINUTE); after each, the counts the
 *   server wrote are checked against the 204s it answered, and p99 against the 20 ms target.
 *
 * `npm run bench:server -- --beacons` runs the beacon runs alone.
 *
 * Then, on each database, the lead run again with notifications on: the server e-mails every lead
 * to an SMTP server on loopback (tests/server/mail-sink.ts, in this process), and the run prints
 * how long after it the last e-mail arrived.
 *
 * The pages need a build (`npm run build`; GB_OUT_DIR as for the build). It also prints the
 * server's resident memory (RSS) at rest after start (on PGlite a first start, which creates the
 * database) and after the runs, and on PostgreSQL the memory of PostgreSQL's own processes (their
 * proportional set size, so shared buffers count once).
 * Run it on an idle machine, twice: figures move with whatever else runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';
import matter from 'gray-matter';
import { Client } from 'pg';
import { assignVariant } from '../src/shared/experiments/assign';
import { HOMEPAGE_CTA } from '../src/shared/experiments/registry';
import { PGLITE_START_PARAMS } from '../src/server/db/connect';
import { DIST_DIR } from '../src/build/pipeline/build-paths';
import { REPO_ROOT } from '../src/server/config';
import { sampleLead } from '../tests/server/harness';
import { startMailSink } from '../tests/server/mail-sink';
import { postgresAvailability, startTestPostgres } from '../tests/server/postgres';
import { idOf, spawnServer, TEST_CREDENTIALS, type ServerProcess } from '../tests/server/spawn-server';
import { adminCookie, loadAverage, mb, procKb } from './lib/bench-measures';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_REQUESTS = 50_000;
/** Before a memory reading: time for the server to finish what the last run left (and for a collection to happen). */
const REST_MS = 5_000;
const BROTLI = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const BEACONS_ONLY = process.argv.includes('--beacons');
/** The answer time the beacon endpoints are held to at the 99th percentile. */
const BEACON_P99_TARGET_MS = 20;

const hasBuild = fs.existsSync(path.join(DIST_DIR, 'blog', '1', 'index.html'));

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const listed = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    }
  } catch {
    // gone meanwhile
  }
  return [pid, ...children.flatMap(processTree)];
}

async function memory(server: ServerProcess, postgresPid: number | null): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, REST_MS));
  const pid = server.child.pid as number;
  const own = `server RSS ${mb(procKb(pid, 'status', 'VmRSS'))} (peak ${mb(procKb(pid, 'status', 'VmHWM'))})`;
  if (postgresPid === null) return own;
  const pss = processTree(postgresPid).reduce((sum, p) => sum + (procKb(p, 'smaps_rollup', 'Pss') || 0), 0);
  return `${own}; PostgreSQL's processes ${mb(pss)} (PSS)`;
}

/** CPU time the process has used, user and system, in ms (NaN off Linux). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's closing parenthesis, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

function line(label: string, result: Result, cpuPerRequest: number): string {
  return (
    `  ${label.padEnd(30)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
    `total ${result.requests.total}  2xx ${result['2xx']}  non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}  ` +
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; server CPU ${Math.round(cpuPerRequest * 1000)} us a request`
  );
}

/**
 * One run, and the server's CPU time per request: unlike requests a second, that hardly moves
 * with what else the machine runs, and on one core it is what bounds the rate.
 */
async function load(server: ServerProcess, label: string, request: Request): Promise<Result> {
  const pid = server.child.pid as number;
  const before = cpuMs(pid);
  const result = await autocannon({
    url: server.origin,
    connections: CONNECTIONS,
    duration: DURATION_S,
    maxOverallRequests: MAX_REQUESTS,
    requests: [request],
  });
  console.log(line(label, result, (cpuMs(pid) - before) / result.requests.total));
  return result;
}

/** A lead run like the first, every request a new submission; the server's answers are counted. */
function leadRequest(): Request {
  // Ids start at a random point so a rerun on the same database still sends new ones.
  let next = Math.floor(Math.random() * 1e9);
  const template = sampleLead();
  return {
    method: 'POST',
    path: '/api/leads',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({ ...request, body: JSON.stringify({ ...template, id: idOf(next++) }) }),
  };
}

/**
 * The lead run with e-mail notifications on, to a mail server on loopback that accepts at once,
 * and how long the outbox took to send them all once the run ended. On an empty database: the
 * leads of the run without e-mail are queued too, and would be sent now that e-mail is on.
 */
async function benchWithNotifications(env: Record<string, string>): Promise<void> {
  if (env.DATABASE_URL) {
    const client = new Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      // CASCADE: every table that names a lead (the outbox, the history, the notes and calls, the
      // desk's notices) goes with them; PostgreSQL refuses to truncate a table others refer to.
      await client.query('truncate leads cascade');
    } finally {
      // Closed even when the query fails: a client left open when the benchmark stops PostgreSQL
      // meets "Connection terminated" as an unhandled error, which ends the process and hides the
      // query's own error.
      await client.end();
    }
  }
  const sink = await startMailSink();
  const server = await spawnServer(
    0,
    {
      ...env,
      RATE_LIMIT_PER_MINUTE: '100000000',
      SMTP_URL: sink.url,
      LEAD_NOTIFY_TO: 'sales@garlicbrothers.example',
      LEAD_NOTIFY_FROM: 'leads@garlicbrothers.example',
    },
    { optimised: true },
  );
  try {
    const result = await load(server, 'POST /api/leads, e-mail on', leadRequest());
    const ended = performance.now();
    const atEnd = sink.messages.length;
    await sink.waitFor(result['2xx'], 600_000);
    console.log(
      `  e-mails: ${atEnd} of ${result['2xx']} sent by the end of the run, the last ${Math.round(performance.now() - ended)} ms after it ` +
        `(${Math.round((result['2xx'] - atEnd) / Math.max(0.001, (performance.now() - ended) / 1000))}/s)`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await sink.stop();
  }
}

/** What the admin API reports as counted: impressions of every variant, and the LCP samples of / on a desktop. */
async function beaconCounts(origin: string): Promise<{ impressions: number; lcpSamples: number }> {
  const headers = { origin, cookie: await adminCookie(origin, TEST_CREDENTIALS) };
  const experiments = (await (await fetch(`${origin}/api/admin/experiments`, { headers })).json()) as {
    experiments: { variants: { impressions: number }[] }[];
  };
  const field = (await (await fetch(`${origin}/api/admin/field-data`, { headers })).json()) as {
    rows: { route: string; device: string; metrics: { LCP?: { samples: number } } }[];
  };
  return {
    impressions: experiments.experiments.flatMap((e) => e.variants).reduce((sum, v) => sum + v.impressions, 0),
    lcpSamples: field.rows.find((row) => row.route === '/' && row.device === 'desktop')?.metrics.LCP?.samples ?? 0,
  };
}

/**
 * The two beacon endpoints under load, then whether the server stored one count per 204 it
 * answered (it writes once a second, so the check waits two).
 */
async function beaconRuns(server: ServerProcess): Promise<void> {
  const headers = { 'content-type': 'text/plain;charset=UTF-8', origin: server.origin };
  const before = await beaconCounts(server.origin);
  let n = 0;
  const vitals = await load(server, 'POST /api/beacons/vitals', {
    method: 'POST',
    path: '/api/beacons/vitals',
    headers,
    setupRequest: (request) => {
      n += 1;
      const metrics = [
        { name: 'LCP', value: 600 + (n % 40) * 50 },
        { name: 'INP', value: 40 + (n % 25) * 8 },
        { name: 'CLS', value: (n % 10) / 100 },
        { name: 'FCP', value: 500 + (n % 30) * 40 },
        { name: 'TTFB', value: 50 + (n % 20) * 15 },
      ];
      return { ...request, body: JSON.stringify({ route: '/', device: 'desktop', metrics }) };
    },
  });
  // Each A/B beacon a new visitor's impression (the server counts a visitor once), of the variant its id is assigned.
  let visitors = 0;
  const ab = await load(server, 'POST /api/beacons/ab', {
    method: 'POST',
    path: '/api/beacons/ab',
    headers,
    setupRequest: (request) => {
      visitors += 1;
      const visitor = visitors.toString(16).padStart(32, '0');
      const variant = assignVariant(HOMEPAGE_CTA, visitor) ?? HOMEPAGE_CTA.variants[0];
      return { ...request, body: JSON.stringify({ visitor, events: [{ experiment: HOMEPAGE_CTA.id, variant, event: 'impression' }] }) };
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await beaconCounts(server.origin);
  const stored = { impressions: after.impressions - before.impressions, lcp: after.lcpSamples - before.lcpSamples };
  console.log(
    `  stored: ${stored.lcp} of ${vitals['2xx']} vitals beacons answered 204, ${stored.impressions} of ${ab['2xx']} A/B beacons; ` +
      `p99 ${vitals.latency.p99} and ${ab.latency.p99} ms against the ${BEACON_P99_TARGET_MS} ms target: ` +
      `${Math.max(vitals.latency.p99, ab.latency.p99) < BEACON_P99_TARGET_MS ? 'met' : 'MISSED'}`,
  );
}

/**
 * Signs in as the admin and adds, through the API as the dashboard does, the text of the first
 * built-in post, so its page and the built /blog/1 are the same article; the new post's id.
 */
async function addPost(origin: string): Promise<number> {
  const blog = path.join(REPO_ROOT, 'content', 'blog');
  const first = fs.readdirSync(blog).find((file) => file.startsWith('01-')) as string;
  const { data, content } = matter(fs.readFileSync(path.join(blog, first), 'utf8'));
  const headers = { origin, 'content-type': 'application/json' };
  const cookie = await adminCookie(origin, TEST_CREDENTIALS);
  const added = await fetch(`${origin}/api/admin/posts`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ title: data.title, excerpt: data.excerpt, category: data.category, author: data.author, tags: data.tags, content }),
  });
  if (added.status !== 201) throw new Error(`adding a post failed: ${added.status} ${await added.text()}`);
  return ((await added.json()) as { post: { id: number } }).post.id;
}

async function bench(label: string, settings: string, env: Record<string, string>, postgresPid: number | null = null): Promise<void> {
  const server = await spawnServer(0, { ...env, RATE_LIMIT_PER_MINUTE: '100000000', BEACON_RATE_LIMIT_PER_MINUTE: '100000000' }, { optimised: true });
  try {
    console.log(`${label} (${settings})`);
    console.log(`  at rest after start${postgresPid === null ? ' (database created)' : ''}: ${await memory(server, postgresPid)}`);
    await beaconRuns(server);
    if (BEACONS_ONLY) return;
    await load(server, 'POST /api/leads', leadRequest());
    if (hasBuild) {
      await load(server, 'GET /blog/1 (built)', { method: 'GET', path: '/blog/1', headers: BROTLI });
      const id = await addPost(server.origin);
      // The first request renders the page and compresses it; the run measures it kept.
      const started = performance.now();
      const first = await fetch(`${server.origin}/blog/${id}`, { headers: BROTLI });
      await first.arrayBuffer();
      console.log(`  GET /blog/${id}, first request: ${first.status} in ${Math.round(performance.now() - started)} ms (rendered, compressed, kept)`);
      await load(server, `GET /blog/${id} (admin's post)`, { method: 'GET', path: `/blog/${id}`, headers: BROTLI });
    }
    console.log(`  at rest after the runs: ${await memory(server, postgresPid)}`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

console.log(
  `${CONNECTIONS} connections, ${DURATION_S} s a run (at most ${MAX_REQUESTS.toLocaleString('en-US')} requests), 127.0.0.1; ` +
    `${os.availableParallelism()} cores, load average ${loadAverage()} at start`,
);
if (!hasBuild) console.log(`No build in ${DIST_DIR}: the page runs are skipped (npm run build first).`);

// An empty folder, as on a first start: the server creates the database, which is when PGlite
// used the most memory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-pglite-'));
try {
  // PGlite's own start parameters pass -F: PostgreSQL inside it never calls fsync.
  await bench('PGlite', `fsync off, synchronous_commit on, start parameters ${PGLITE_START_PARAMS.join(' ')}`, { DATA_DIR: dataDir });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!BEACONS_ONLY) {
  const notifyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-bench-pglite-'));
  try {
    console.log('PGlite, e-mail notifications on (a new database)');
    await benchWithNotifications({ DATA_DIR: notifyDir });
  } finally {
    fs.rmSync(notifyDir, { recursive: true, force: true });
  }
}

const availability = postgresAvailability();
if (availability.available) {
  const postgres = await startTestPostgres({ durable: true });
  try {
    const client = new Client({ connectionString: postgres.url });
    await client.connect();
    const names = ['server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers'];
    const settings = [];
    for (const name of names) settings.push(`${name} ${Object.values((await client.query(`show ${name}`)).rows[0] as object)[0]}`);
    await client.end();
    await bench('PostgreSQL', settings.join(', '), { DATABASE_URL: postgres.url }, postgres.pid);
    if (!BEACONS_ONLY) {
      console.log('PostgreSQL, e-mail notifications on (leads emptied)');
      await benchWithNotifications({ DATABASE_URL: postgres.url });
    }
  } finally {
    await postgres.stop();
  }
} else {
  console.log(`PostgreSQL: skipped, ${availability.reason}`);
}
