/**
 * A build served by Debian's nginx with the block `npm run host:nginx` prints, in a throw-away
 * prefix: for the nginx test and for `npm run audit:lighthouse -- --nginx`. nginx cannot take any
 * free port and say which it took, so it is given one that was free a moment before; when another
 * process took it first (nginx then exits, or the port answers with something else), it starts
 * again on another. It counts as started once the port serves the build's own home page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseHeadersFile } from '../../src/hosting/host-headers';
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

function portFreeAMomentAgo(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls until the port serves `home` byte for byte (true), the process ends or 10 s pass (false). */
async function servesHome(port: number, home: string, exited: () => boolean): Promise<boolean> {
  const until = Date.now() + 10_000;
  while (Date.now() < until && !exited()) {
    const body = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'identity' } }).then(
      (response) => response.text(),
      () => null,
    );
    if (body !== null) return body === home;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Serves `root` (a build, with its _headers and compressed forms) through nginx; stop() ends nginx by its own process and removes its prefix. */
export async function serveWithNginx(root: string): Promise<ServedByNginx> {
  if (!NGINX) throw new Error(NGINX_MISSING);
  // nginx's workers run as another user (www-data when started as root): a folder made by mkdtemp
  // (mode 0700) must let them in.
  fs.chmodSync(root, fs.statSync(root).mode | 0o055);
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-nginx-'));
  const headersFile = path.join(root, '_headers');
  const rules = fs.existsSync(headersFile) ? parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) : [];
  const brotliModule = findBrotliStaticModule();
  const home = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  for (let attempt = 1; ; attempt += 1) {
    const port = await portFreeAMomentAgo();
    const conf = standaloneNginxConf({
      root,
      listen: `127.0.0.1:${port}`,
      rules,
      languages: languageFolders(root),
      prefix,
      mimeTypes: '/etc/nginx/mime.types',
      brotliModule,
    });
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (await servesHome(port, home, () => child.exitCode !== null || child.signalCode !== null)) {
      return {
        origin: `http://127.0.0.1:${port}`,
        port,
        brotliModule,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM');
            await exited;
          }
          fs.rmSync(prefix, { recursive: true, force: true });
        },
      };
    }
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    if (attempt === 5) {
      const log = fs.readFileSync(path.join(prefix, 'error.log'), 'utf8');
      fs.rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${log}`);
    }
  }
}
