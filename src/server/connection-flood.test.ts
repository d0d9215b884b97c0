/**
 * One client opening a thousand connections and sending nothing on them must not take the server
 * from everyone else (http/connection-gate.ts). The real server, started as `npm start` starts it,
 * takes 1,000 idle connections from 127.0.0.2 and then about a hundred new ones every round, while
 * a visitor from 127.0.0.3 asks for /api/health on a new connection of its own each time and is
 * answered (within milliseconds on a quiet machine; see PROMPTLY_MS): with the per-address cap
 * doing the work (the defaults), and with only the total cap (the per-address cap raised past the
 * flood), which closes an idle connection to make room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from './server';
import { closeAll, flood, getFrom, type SocketPool } from '../../tests/server/sockets';
import { startTestServer, type TestServer } from '../../tests/server/test-server';

const HOARDER = '127.0.0.2';
const VISITOR = '127.0.0.3';
const FLOOD = 1_000;
/**
 * How soon the visitor must be answered. On a quiet machine it is a few milliseconds, well
 * within a second; the bound leaves room for a machine busy with other tests (it took 1.2 s at a
 * load average of 24 on two cores), and stays far below the 10 s after which Node itself closes
 * connections that sent nothing. Without the caps the visitor is not answered at all (ECONNRESET).
 */
const PROMPTLY_MS = 5_000;

describe.each([
  { caps: 'the default caps', env: {} },
  { caps: 'only the total cap', env: { MAX_CONNECTIONS: '1000', MAX_CONNECTIONS_PER_ADDRESS: '100000' } },
])('the server under a flood of idle connections from one address, with $caps', ({ env }) => {
  let server: TestServer | undefined;
  let running: RunningServer | undefined;
  const pool: SocketPool = new Set();

  beforeAll(async () => {
    ({ running } = server = await startTestServer(env));
  });

  afterAll(async () => {
    closeAll(pool);
    await server?.stop();
  });

  it('serves a visitor from another address at once, also while new connections keep coming', async () => {
    const port = (running as RunningServer).port;
    try {
      // Bounded in count and in time: at most 1,000 connections, for at most 20 s.
      const held = await flood(pool, port, HOARDER, FLOOD, performance.now() + 20_000);
      expect(held.length).toBeGreaterThan(0);
      const first = await getFrom(port, VISITOR, '/api/health');
      expect(first.status).toBe(200);
      expect(first.ms).toBeLessThan(PROMPTLY_MS);
      // About a hundred new connections a round from the same address, five rounds, a visit after each.
      for (let round = 0; round < 5; round += 1) {
        await flood(pool, port, HOARDER, 100, performance.now() + 5_000);
        const visit = await getFrom(port, VISITOR, '/api/health');
        expect(visit.status).toBe(200);
        expect(visit.ms).toBeLessThan(PROMPTLY_MS);
      }
    } finally {
      closeAll(pool);
    }
  });
});
