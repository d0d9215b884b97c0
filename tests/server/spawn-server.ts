/**
 * Runs the real server (src/server/main.ts, bundled by server-bundle.ts) as a child process on a
 * loopback port, for the crash tests, the server-mode browser tests and the load benchmark, and
 * waits until /api/health answers.
 * Port 0 lets the server bind any free port and reads the one it got from its start line, so no
 * other process can take the port between choosing and binding it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../src/server/config';
import { endingWithParent } from '../support/processes';
import { serverBundle } from './server-bundle';

/** Fixed test values, so a spawned server does not warn about the development defaults. */
export const TEST_CREDENTIALS = { ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'x-test-only', INVESTOR_EMAIL: 'i@x.example', INVESTOR_KEY: 'y-test-only' };

export interface ServerProcess {
  child: ChildProcess;
  /** The port it listens on (the one it was given, or the one it bound for port 0). */
  port: number;
  origin: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface SpawnOptions {
  /**
   * A safety net for a server that never answers, not a measure of its start: about 3 s of CPU,
   * which at the start of a full run, beside the server-mode build and seven other test files'
   * browsers and servers, took more than 90 s twice on this 2-core machine (the two files
   * failed in their beforeAll); sized for a machine three times slower than that.
   */
  timeoutMs?: number;
  /**
   * Run PGlite's WebAssembly as production does, tiered up by V8's optimising compiler: for the
   * load benchmark. Tests leave it off: V8 then keeps the baseline compiler's code (--liftoff-only)
   * and skips the second compilation, which cost 1.5 s of CPU per start (40 % of a start) and pays
   * off only in a server that runs far longer than a test's.
   */
  optimised?: boolean;
}

export async function spawnServer(
  port: number,
  env: Record<string, string>,
  { timeoutMs = 300_000, optimised = false }: SpawnOptions = {},
): Promise<ServerProcess> {
  const bundle = await serverBundle();
  // The bundle arrives on standard input (see server-bundle.ts); packages resolve from the checkout.
  const child = spawn(process.execPath, [...(optimised ? [] : ['--liftoff-only']), '--input-type=module'], {
    cwd: REPO_ROOT,
    env: endingWithParent({
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...TEST_CREDENTIALS,
      ...env,
    }),
    stdio: ['pipe', port === 0 ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdin?.end(bundle);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // The start line says where it listens: "Garlic Brothers site: http://localhost:40123/ (…)".
  let bound = port;
  if (child.stdout) {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (bound !== 0) return;
      stdout += chunk.toString();
      const found = /Garlic Brothers site: http:\/\/[^\s/]+:(\d+)\//.exec(stdout);
      if (found) bound = Number(found[1]);
    });
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    const origin = `http://127.0.0.1:${bound}`;
    try {
      if (bound !== 0 && (await fetch(`${origin}/api/health`)).ok) return { child, port: bound, origin, exited };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The n-th submission id (GB- and 8 characters of the reference alphabet). */
export function idOf(n: number): string {
  let text = '';
  for (let i = 0; i < 8; i += 1, n = Math.floor(n / ALPHABET.length)) text = (ALPHABET[n % ALPHABET.length] ?? '2') + text;
  return `GB-${text}`;
}
