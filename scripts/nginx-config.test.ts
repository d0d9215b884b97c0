/**
 * `npm run host:nginx -- DIR PORT` takes its headers from DIR's own _headers, and says so when
 * there is none; it sends the build's compressed forms, brotli only where nginx has the module.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NginxConfigError, nginxConfigFor } from './nginx-config';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-nginx-config-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const site = (name: string, headers: string | null) => {
  const root = path.join(dir, name);
  fs.mkdirSync(root);
  if (headers !== null) fs.writeFileSync(path.join(root, '_headers'), headers);
  return root;
};

describe('nginxConfigFor', () => {
  it("serves DIR with DIR's own headers", () => {
    const root = site('site-a', '/*\n  X-Frame-Options: DENY\n  X-Build: site-a\n\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
    const block = nginxConfigFor([root, '8080']);
    expect(block).toContain(`root ${root};`);
    expect(block).toContain('listen 8080;');
    expect(block).toContain('add_header X-Build "site-a" always;');
    expect(block).toContain('add_header Cache-Control "public, max-age=31536000, immutable" always;');
  });

  it("sends the build's .gz with gzip_static, and its .br with brotli_static only where the module is", () => {
    const root = site('site-c', '/*\n  X-Build: site-c\n');
    const installed = () => '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
    const missing = () => null;
    for (const block of [nginxConfigFor([root], installed), nginxConfigFor([root, '--brotli'], missing), nginxConfigFor([root], missing)]) {
      expect(block).toMatch(/^ {2}gzip_static on;$/m);
      expect(block).toMatch(/^ {2}gzip_vary on;$/m);
    }
    expect(nginxConfigFor([root], installed)).toMatch(/^ {2}brotli_static on;$/m);
    expect(nginxConfigFor([root, '--brotli'], missing)).toMatch(/^ {2}brotli_static on;$/m);
    // Without the module nginx would refuse the directive, and with it the whole configuration.
    for (const block of [nginxConfigFor([root], missing), nginxConfigFor([root, '8080', '--no-brotli'], installed)]) {
      expect(block).not.toMatch(/^ {2}brotli_static on;$/m);
      expect(block).toMatch(/^ {2}# brotli_static on; {2}# needs ngx_brotli's static module/m);
    }
    expect(nginxConfigFor([root, '8080', '--no-brotli'], installed)).toContain('listen 8080;');
    expect(() => nginxConfigFor([root, '--gzip'], missing)).toThrow('Unknown option --gzip: the options are --brotli and --no-brotli.');
  });

  it('says which folder has no _headers file, and what to give instead', () => {
    const root = site('no-headers', null);
    expect(() => nginxConfigFor([root, '80'])).toThrow(NginxConfigError);
    expect(() => nginxConfigFor([root, '80'])).toThrow(`${root} has no _headers file: give the folder of a finished build`);
    expect(() => nginxConfigFor([path.join(dir, 'missing')])).toThrow(`${path.join(dir, 'missing')} does not exist`);
  });
});

describe('npm run host:nginx', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/nginx-config.ts', ...args], {
      encoding: 'utf8',
      env: { ...process.env, GB_OUT_DIR: path.join(dir, 'elsewhere') },
    });

  it('prints the block for DIR, whatever the build folder holds', () => {
    const root = site('site-b', '/*\n  X-Build: site-b\n');
    const result = run([root, '8081']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('add_header X-Build "site-b" always;');
  });

  it('fails with one clear line when DIR has no _headers', () => {
    const root = site('empty', null);
    const result = run([root, '80']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(new RegExp(`^${root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} has no _headers file: `));
  });
});
