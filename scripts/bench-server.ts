/**
 * Load test of the lead endpoint: `npm run bench:server`. Starts the real server (a child
 * process, on 127.0.0.1 only) on a fresh PGlite database and, when PostgreSQL is available, on a
 * temporary PostgreSQL cluster, and drives POST /api/leads with autocannon: 50 connections for
 * 10 seconds (at most 50,000 requests), every request with a new submission id. The per-address
 * rate limit is raised for the run (RATE_LIMIT_PER_MINUTE), since all requests come from one address.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import { sampleLead } from '../tests/server/harness';
import { freshDataDir } from '../tests/server/pglite';
import { postgresAvailability, startTestPostgres } from '../tests/server/postgres';
import { freePort, idOf, spawnServer } from '../tests/server/spawn-server';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const MAX_REQUESTS = 50_000;

async function bench(label: string, env: Record<string, string>): Promise<void> {
  const port = await freePort();
  const server = await spawnServer(port, { ...env, RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    // Ids start at a random point so a rerun on the same database still sends new ones.
    let next = Math.floor(Math.random() * 1e9);
    const template = sampleLead();
    const result = await autocannon({
      url: server.origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      maxOverallRequests: MAX_REQUESTS,
      requests: [
        {
          method: 'POST',
          path: '/api/leads',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ ...template, id: idOf(next++) }) }),
        },
      ],
    });
    console.log(
      `${label.padEnd(10)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
        `total ${result.requests.total}  2xx ${result['2xx']}  non-2xx ${result.non2xx}  errors ${result.errors}  timeouts ${result.timeouts}  ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

console.log(`POST /api/leads, ${CONNECTIONS} connections, ${DURATION_S} s (at most ${MAX_REQUESTS.toLocaleString('en-US')} requests), 127.0.0.1`);

const dataDir = await freshDataDir();
try {
  await bench('PGlite', { DATA_DIR: dataDir });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const availability = postgresAvailability();
if (availability.available) {
  const postgres = await startTestPostgres();
  try {
    await bench('PostgreSQL', { DATABASE_URL: postgres.url });
  } finally {
    await postgres.stop();
  }
} else {
  console.log(`PostgreSQL: skipped, ${availability.reason}`);
}
