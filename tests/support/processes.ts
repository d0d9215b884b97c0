/** For tests that start the project's commands as child processes: their start lines and the ports they leave behind. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { REPO_ROOT } from '../../src/server/config';

/**
 * `env` for a process a test starts, with exit-with-parent.mjs loaded into it and into every Node
 * process below it: each ends itself (and the group it leads) once the test's process is gone
 * without stopping it. As a file URL, which NODE_OPTIONS takes whatever the checkout's path holds.
 */
export function endingWithParent(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const watchdog = `--import=${new URL('./exit-with-parent.mjs', import.meta.url).href}`;
  return { ...env, NODE_OPTIONS: [env.NODE_OPTIONS, watchdog].filter(Boolean).join(' '), GB_PARENT_PID: String(process.pid) };
}

/** Ends the process group of a child started with `detached`: the child and whatever it started. */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-(child.pid as number), 'SIGKILL');
  } catch {
    // the group has ended
  }
}

/** How a command ended, and what it printed. */
export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command in the checkout to its end, in a process group of its own, with `input` on its
 * standard input when given. A command that hangs is killed after `waitMs` with everything it
 * started (npm's child, which may hold a database folder's lock), so it fails its own test and
 * leaves nothing to fail the next one; `waitMs` is a safety net sized for a machine three times
 * slower than a loaded one, never a measure.
 */
export function runToEnd(
  file: string,
  args: string[],
  { env, input, waitMs }: { env: NodeJS.ProcessEnv; input?: string; waitMs: number },
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: REPO_ROOT,
      detached: true,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: endingWithParent(env),
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (input !== undefined) child.stdin?.end(input);
    const timer = setTimeout(() => killGroup(child), waitMs);
    child.once('error', reject);
    child.once('exit', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

export interface NpmRun {
  child: ChildProcess;
  /** Resolves with npm's exit status. */
  exited: Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

/**
 * Runs `npm <args>` in the checkout as a user would, in a process group of its own, and registers
 * with `onCleanup` the step that ends the whole group (the build or the server below npm too), for
 * a test that fails before it stops npm itself.
 */
export function runNpm(args: string[], env: NodeJS.ProcessEnv, onCleanup: (step: () => void) => void): NpmRun {
  const child = spawn('npm', args, { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: endingWithParent(env) });
  onCleanup(() => killGroup(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Resolves with the first match of `pattern` in the child's stdout; rejects if it exits first. */
export function waitForLine(child: ChildProcess, pattern: RegExp, stderr: () => string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(pattern);
      if (match) {
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        resolve(match);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`exited with ${code} before the server started:\n${out}\n${stderr()}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** True when nothing listens on the port of `host` any more: binding it succeeds. */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * True when another socket holds the port of `host` (binding it fails with EADDRINUSE); false
 * when it is free, and where `host` is no address of this machine (::1 with IPv6 off).
 */
export function portTaken(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}
