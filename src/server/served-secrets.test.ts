import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCredentials } from '@/build/credentials/credentials-plugin';
import { hashRecords, refuseServedSecrets } from './served-secrets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build folder whose login chunk holds `chunk`, beside a page and a compressed copy. */
function buildWith(chunk: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-served-secrets-'));
  dirs.push(root);
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Home</title>');
  fs.writeFileSync(path.join(root, 'assets', 'next-path-Ab12.js'), chunk);
  fs.writeFileSync(path.join(root, 'assets', 'next-path-Ab12.js.br'), Buffer.from([0x1b, 0x00, 0xff]));
  return root;
}

const { credentials } = buildCredentials({
  GATE_ADMIN_USERNAME: 'gate',
  GATE_ADMIN_PASSWORD: 'Shared-Secret-77',
  GATE_INVESTOR_EMAIL: 'ir@example.org',
  GATE_INVESTOR_KEY: 'Gate-Key-88',
});
const { admin, investor } = credentials;

describe('refuseServedSecrets', () => {
  it.each([
    ['as the plugin writes it (JSON)', `export const admin = ${JSON.stringify(admin)};export const investor = ${JSON.stringify(investor)};`],
    [
      'minified (bare keys, other quotes, 21e4)',
      `const a={username:\`gate\`,salt:'${admin.salt}',hash:"${admin.hash}",iterations:21e4},b={email:"ir@example.org",salt:"${investor.salt}",hash:"${investor.hash}",iterations:21e4};export{a,b};`,
    ],
  ])('refuses a build carrying the hash of ADMIN_PASSWORD or INVESTOR_KEY, %s, naming it and the file', async (_form, chunk) => {
    const root = buildWith(chunk);
    expect(hashRecords(root)).toHaveLength(2);
    await expect(refuseServedSecrets(root, { ADMIN_PASSWORD: 'Shared-Secret-77', INVESTOR_KEY: 'other' })).rejects.toThrow(
      `the build in ${root} carries a hash of ADMIN_PASSWORD in a public file (assets/next-path-Ab12.js)`,
    );
    await expect(refuseServedSecrets(root, { ADMIN_PASSWORD: 'other', INVESTOR_KEY: 'Gate-Key-88' })).rejects.toThrow(/carries a hash of INVESTOR_KEY/);
  });

  it('lets a server with secrets of its own start, and counts the gate it does not use', async () => {
    const root = buildWith(`export const admin = ${JSON.stringify(admin)};export const investor = ${JSON.stringify(investor)};`);
    expect(await refuseServedSecrets(root, { ADMIN_PASSWORD: 'Server-Only-1', INVESTOR_KEY: 'Server-Only-2' })).toEqual({ gateRecords: 2 });
  });

  it('finds nothing in a build for the server, and ignores a record too costly to be the build’s own', async () => {
    const costly = `{salt:"${admin.salt}",hash:"${admin.hash}",iterations:1e12}`;
    const root = buildWith(`export const admin = null;export const investor = null;${costly}`);
    expect(await refuseServedSecrets(root, { ADMIN_PASSWORD: 'Shared-Secret-77', INVESTOR_KEY: 'Gate-Key-88' })).toEqual({ gateRecords: 0 });
  });
});
