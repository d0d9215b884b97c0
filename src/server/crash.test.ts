/**
 * Kill -9 in the middle of 2,000 submissions, restart on the same data directory, send all of
 * them again: every submission that was answered 2xx is stored, and none is stored twice.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { openStore } from './db/connect';
import { sampleLead } from './testing/harness';
import { freshDataDir } from './testing/pglite';

const TOTAL = 2000;
const CONCURRENCY = 16;
const KILL_AFTER_ACKS = 700;
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const idOf = (n: number) => {
  let text = '';
  for (let i = 0; i < 8; i += 1, n = Math.floor(n / ALPHABET.length)) text = (ALPHABET[n % ALPHABET.length] ?? '2') + text;
  return `GB-${text}`;
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
let dataDir = '';

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '1000000', ADMIN_PASSWORD: 'x-test-only', INVESTOR_KEY: 'y-test-only', ADMIN_USERNAME: 'a', INVESTOR_EMAIL: 'i@x.example' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Posts every id with bounded concurrency; resolves with the ids answered 2xx. */
async function submitAll(port: number, onAck: (acked: number) => void): Promise<Set<string>> {
  const acked = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < TOTAL) {
      const id = idOf(next++);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(sampleLead('contactEnquiries', id)),
        });
        if (response.ok) {
          acked.add(id);
          onAck(acked.size);
        }
      } catch {
        // The server was killed: this one was never acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return acked;
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed with SIGKILL mid-run', () => {
  it('keeps every acknowledged submission exactly once after a restart and retries', async () => {
    dataDir = await freshDataDir();
    const port = await freePort();
    const first = await startServer(port);
    const exited = new Promise((resolve) => first.once('exit', resolve));
    const acked = await submitAll(port, (count) => {
      if (count === KILL_AFTER_ACKS) first.kill('SIGKILL');
    });
    await exited;
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acked.size).toBeLessThan(TOTAL);

    const second = await startServer(port);
    const retried = await submitAll(port, () => {});
    // Every retry is answered (already stored or stored now).
    expect(retried.size).toBe(TOTAL);
    const secondExit = new Promise((resolve) => second.once('exit', resolve));
    second.kill('SIGTERM');
    expect(await secondExit).toBe(0);

    const store = await openStore({ dataDir });
    try {
      const rows = await store.db.selectFrom('leads').select('id').execute();
      const ids = rows.map((row) => row.id);
      expect(ids).toHaveLength(TOTAL);
      expect(new Set(ids).size).toBe(TOTAL);
      for (const id of acked) expect(ids).toContain(id);
    } finally {
      await store.close();
    }
  }, 180_000);
});
