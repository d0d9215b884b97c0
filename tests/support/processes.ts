/** For tests that start the project's commands as child processes: their start lines and the ports they leave behind. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

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
