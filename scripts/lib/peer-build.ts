/**
 * The Astro peer for the benchmarks that build it beside ours: where its folder is, a copy of it
 * to change, and a build run as a bounded child process whose wall time is measured.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** A build that takes longer than this is stopped: the benchmarks are bounded. */
const BUILD_LIMIT_MS = 30 * 60_000;

/** The peer's folder: PEER_DIR, else ../shared/peers/astro beside the project. */
export function peerSource(root: string): string {
  const dir = path.resolve(process.env.PEER_DIR ?? path.join(root, '../shared/peers/astro'));
  if (!fs.existsSync(path.join(dir, 'build.sh'))) throw new Error(`No peer at ${dir}: set PEER_DIR`);
  return dir;
}

/**
 * A copy of the peer in `dest`, without its build, caches and dependencies (never the original:
 * it may be read-only). PEER_NODE_MODULES names an installed node_modules of the peer to copy;
 * else the copy's build.sh installs them.
 */
export function copyPeer(source: string, dest: string): void {
  fs.cpSync(source, dest, { recursive: true, filter: (src) => !/\/(dist|\.astro|node_modules)$/.test(src) });
  if (process.env.PEER_NODE_MODULES) fs.cpSync(process.env.PEER_NODE_MODULES, path.join(dest, 'node_modules'), { recursive: true });
}

/** Runs a build to its end (within BUILD_LIMIT_MS) and returns its wall time and output; throws with the output's end when it fails. */
export function timedBuild(name: string, command: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { seconds: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync(command, argv, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: BUILD_LIMIT_MS,
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${name} failed (${run.status ?? run.signal}): ${run.stdout.slice(-2000)} ${run.stderr.slice(-2000)}`);
  return { seconds, stdout: run.stdout };
}
