/**
 * A build served by Debian's nginx with the block `npm run host:nginx` prints, in a throw-away
 * prefix: for the nginx test and for `npm run audit:lighthouse -- --nginx`. nginx cannot take any
 * free port and say which it took, so this process binds one (127.0.0.1, port 0) and hands the
 * listening socket to nginx, which adopts it instead of binding: the port is never free for
 * another process to take in between. It counts as started once the port serves the build's own
 * home page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseHeadersFile } from '../../src/build/hosting/host-headers';
import { findBrotliStaticModule, languageFolders, standaloneNginxConf } from './nginx-config';

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or null where it is not installed. */
export const NGINX: string | null = NGINX_PATHS.find((p) => fs.existsSync(p)) ?? null;
export const NGINX_MISSING = `nginx is not installed (no ${NGINX_PATHS.join(' or ')}; 'apt-get install -y nginx')`;

export interface ServedByNginx {
  origin: string;
  port: number;
  /** The ngx_brotli static module it loaded, or null (gzip only). */
  brotliModule: string | null;
  stop(): Promise<void>;
}

/** The file descriptor nginx finds the socket on: the first after stdin, stdout and stderr. */
const INHERITED_FD = 3;

/** A socket listening on a port of loopback the system chose, its port and its file descriptor. */
function listeningSocket(): Promise<{ server: net.Server; port: number; fd: number }> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      // oxlint-disable-next-line no-underscore-dangle -- Node has no public accessor for a server's descriptor; on Unix its handle carries it.
      const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
      if (typeof fd !== 'number' || fd < 0) {
        server.close();
        reject(new Error('Cannot hand a listening socket to nginx: this platform gives no file descriptor for it'));
        return;
      }
      resolve({ server, port, fd });
    });
  });
}

/** Polls until the port serves `home` byte for byte (true), the process ends or 10 s pass (false). */
async function servesHome(port: number, home: string, exited: () => boolean): Promise<boolean> {
  const until = Date.now() + 10_000;
  while (Date.now() < until && !exited()) {
    const body = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'identity' }, signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.text(),
      () => null,
    );
    if (body !== null) return body === home;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export interface NginxServeOptions {
  /**
   * false: the block as `npm run host:nginx -- --no-brotli` prints it, for an nginx without
   * ngx_brotli (most installs), even where the module is installed here. By default the module is
   * loaded where it is installed.
   */
  brotli?: boolean;
}

/** Serves `root` (a build, with its _headers and compressed forms) through nginx; stop() ends nginx by its own process and removes its prefix. */
export async function serveWithNginx(root: string, options: NginxServeOptions = {}): Promise<ServedByNginx> {
  if (!NGINX) throw new Error(NGINX_MISSING);
  // nginx's workers run as another user (nobody when started as root, as this configuration names no user): a folder made by mkdtemp
  // (mode 0700) must let them in.
  fs.chmodSync(root, fs.statSync(root).mode | 0o055);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-nginx-'));
  const headersFile = path.join(root, '_headers');
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];
  const brotliModule = options.brotli === false ? null : findBrotliStaticModule();
  const home = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const socket = await listeningSocket();
  const { port } = socket;
  const conf = standaloneNginxConf({
    root,
    // The socket's own address: nginx uses an inherited socket for the `listen` that names it.
    listen: `127.0.0.1:${port}`,
    rules,
    languages: languageFolders(root),
    prefix,
    mimeTypes: '/etc/nginx/mime.types',
    brotliModule,
  });
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  let child: ChildProcess;
  try {
    // NGINX lists the descriptors of inherited listening sockets (how nginx hands its sockets to a
    // new binary on an upgrade); the master adopts them and its workers inherit them in turn.
    child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe', socket.fd],
      env: { ...process.env, NGINX: `${INHERITED_FD};` },
    });
  } finally {
    // spawn() returns once nginx has been executed with its copy of the socket, so this process's
    // copy goes now: while it stayed open, this process would take some of the connections (and
    // leave them unanswered). The port stays bound as long as nginx holds the socket.
    socket.server.close();
  }
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  if (await Promise.race([servesHome(port, home, ended), spawnError.then(() => false)])) {
    return {
      origin: `http://127.0.0.1:${port}`,
      port,
      brotliModule,
      async stop() {
        if (!ended()) {
          child.kill('SIGTERM');
          await exited;
        }
        fs.rmSync(prefix, { recursive: true, force: true });
      },
    };
  }
  if (!ended() && child.pid !== undefined) child.kill('SIGTERM');
  await Promise.race([exited, spawnError]);
  const logFile = path.join(prefix, 'error.log');
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  fs.rmSync(prefix, { recursive: true, force: true });
  // The error log has what nginx wrote once it had opened it; stderr what it printed before.
  throw new Error(`nginx did not serve ${root} on 127.0.0.1:${port}: ${log.trim() || stderr.trim() || 'it printed nothing'}`);
}
