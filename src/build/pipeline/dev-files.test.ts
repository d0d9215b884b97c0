import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { devFileAccess, secretFolderRequest, secretFolders } from './dev-files';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'gb-dev-files-')));
fs.mkdirSync(path.join(root, 'src'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('secretFolderRequest', () => {
  const folders = secretFolders(root, '/var/lib/gb-pglite');
  const secret = (url: string) => secretFolderRequest(url, root, folders);

  it('names the data folder, the investor copy, the build caches and DATA_DIR in every spelling', () => {
    for (const url of [
      '/data/dev-pglite/pg_wal/000000010000000000000001',
      '/data',
      '/data/',
      '/data/leads.csv?raw',
      '/data/x?import&raw??',
      '/%64ata/x',
      '/%2564ata/x',
      '/%252564ata/x',
      '/DATA/x',
      '/./data/x',
      '//data/x',
      '/src/../data/x',
      '/src/%2e%2e/data/x',
      '/src/..%2fdata/x',
      '/src/..%5cdata/x',
      '/src\\..\\data\\x',
      '/src/%E0%A4%A/../../data/x',
      `/@fs${root}/data/x`,
      `/@fs${root}/src/../data/x?raw`,
      `/@id/@fs${root}/data/x`,
      `/@id${root}/data/x`,
      `${root}/data/x`,
      '/content/investors/portal.md',
      '/content/investors/portal%2emd?import',
      '/content%2finvestors%2fportal.md',
      '/content/./investors/portal.md',
      '/node_modules/.cache/gb-precompressed/x.br',
      '/@fs/var/lib/gb-pglite/PG_VERSION',
      '/var/lib/gb-pglite/PG_VERSION?raw',
    ]) {
      expect(secret(url), url).toBe(true);
    }
  });

  it('leaves the site sources, the pages and the rest to Vite', () => {
    for (const url of [
      '/',
      '/about',
      '/src/browser/entry-client.ts',
      '/src/browser/data/products.ts',
      '/src/ui/pages/data/x.tsx',
      '/content/pages/about.mdx',
      '/content/investors-guide',
      '/database',
      '/data-room',
      '/node_modules/.vite/deps/react.js?v=1',
      `/@fs${root}/src/x.ts`,
      '/@vite/client',
      '/api/health',
    ]) {
      expect(secret(url), url).toBe(false);
    }
  });
});

describe('devFileAccess', () => {
  it('allows src/ alone and denies the secret folders as absolute globs beside Vite\u2019s own list', () => {
    const access = devFileAccess(root);
    expect(access.strict).toBe(true);
    expect(access.allow).toEqual([path.join(root, 'src')]);
    expect(access.deny).toEqual(expect.arrayContaining(['.env', '.env.*', '**/.git/**', `${root}/data/**`, `${root}/content/investors/**`]));
  });
});
