/**
 * No credential ships in clear, and no secret that guards the server ships at all. Every file of
 * the static build (DIST_DIR, which honours GB_OUT_DIR; built with the server's secrets and a gate's
 * in its environment) is searched for the passwords and access keys and the development defaults,
 * in plain text and base64. What it holds instead is the static host's gate: a salted
 * PBKDF2-SHA-256 hash with at least 100 000 iterations of each GATE_* secret, and no hash of the
 * server's. The build `npm start` makes for the server holds no hash of anything, and the server
 * refuses to serve a build that carries a hash of its own ADMIN_PASSWORD or INVESTOR_KEY.
 */
import { pbkdf2Sync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { hashRecords, servedSecrets } from '../../src/server/served-secrets';
import { freshDataDir } from '../server/pglite';
import { spawnServer } from '../server/spawn-server';
import { openPage, useBrowser, visit } from './support/browser';
import { DEV_DEFAULTS, GATE_DEV_DEFAULTS } from '../../src/build/credentials/credentials-plugin';
import { errorMessage } from '../../src/shared/error-message';
import { GATE, TEST_CREDENTIALS } from './support/env';
import { builtServerSite } from './support/server-build';
import { GATE_FILE } from '../../src/build/credentials/gate-file';

interface BuiltFile {
  file: string;
  bytes: Buffer;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const read = (dir: string): BuiltFile[] => filesUnder(dir).map((file) => ({ file: path.relative(dir, file), bytes: fs.readFileSync(file) }));
const files = filesUnder(DIST_DIR);
const contents = read(DIST_DIR);

const SECRETS = {
  'TEST_CREDENTIALS.ADMIN_PASSWORD': TEST_CREDENTIALS.ADMIN_PASSWORD,
  'TEST_CREDENTIALS.INVESTOR_KEY': TEST_CREDENTIALS.INVESTOR_KEY,
  'GATE.ADMIN_PASSWORD': GATE.ADMIN_PASSWORD,
  'GATE.INVESTOR_KEY': GATE.INVESTOR_KEY,
  'DEV_DEFAULTS.ADMIN_PASSWORD': DEV_DEFAULTS.ADMIN_PASSWORD,
  'DEV_DEFAULTS.INVESTOR_KEY': DEV_DEFAULTS.INVESTOR_KEY,
  'GATE_DEV_DEFAULTS.GATE_ADMIN_PASSWORD': GATE_DEV_DEFAULTS.GATE_ADMIN_PASSWORD,
  'GATE_DEV_DEFAULTS.GATE_INVESTOR_KEY': GATE_DEV_DEFAULTS.GATE_INVESTOR_KEY,
};

/** Files whose bytes contain the needle, case-insensitively (binary files included). */
function filesContaining(needle: string, within: readonly BuiltFile[] = contents): string[] {
  const lower = needle.toLowerCase();
  return within.filter(({ bytes }) => bytes.toString('latin1').toLowerCase().includes(lower)).map(({ file }) => file);
}

/** Each way a bundle can write `character` in a string literal: as it is, or as a \x, \u or \u{} escape. */
function spellings(character: string): string {
  const code = character.codePointAt(0)!;
  const hex = code.toString(16);
  const escaped = [`\\\\x${hex.padStart(2, '0')}`, `\\\\u${hex.padStart(4, '0')}`, `\\\\u\\{0*${hex}\\}`];
  return `(?:${character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${escaped.join('|')})`;
}

/**
 * A username stored as a credential: the `username` key (bare, quoted or escaped in JSON) followed
 * by the value in single, double or back quotes, its characters plain or escaped, in any case.
 */
function usernameValues(username: string): RegExp {
  const value = [...username].map(spellings).join('');
  return new RegExp(`\\\\?["'\`]?username\\\\?["'\`]?\\s*:\\s*\\\\?(["'\`])${value}\\\\?\\1`, 'i');
}

const browser = useBrowser();

describe(`the built site (${DIST_DIR})`, () => {
  it('is a full build: pages, scripts and the login chunk are there to search', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(contents.some(({ file }) => file === 'admin/login/index.html')).toBe(true);
    expect(contents.filter(({ file }) => file.endsWith('.js')).length).toBeGreaterThan(10);
  });

  it.each(Object.entries(SECRETS))('holds %s nowhere, in clear or in base64', (_name, secret) => {
    expect(secret.length).toBeGreaterThan(8);
    expect(filesContaining(secret)).toEqual([]);
    expect(filesContaining(Buffer.from(secret).toString('base64').replace(/=+$/, ''))).toEqual([]);
  });

  it('holds the development default e-mail and username nowhere as credentials (the build used the test values)', () => {
    expect(filesContaining(DEV_DEFAULTS.INVESTOR_EMAIL)).toEqual([]);
    expect(filesContaining(TEST_CREDENTIALS.INVESTOR_EMAIL)).toEqual([]);
    // 'admin' is a word of the site (/admin), so the username is looked for as a credential's value:
    // the username key (quoted or not) and the value in any quotes a minifier may choose, its
    // characters written out or escaped.
    const leaks = usernameValues(DEV_DEFAULTS.ADMIN_USERNAME);
    expect(leaks.test(`{username:\`${DEV_DEFAULTS.ADMIN_USERNAME}\`,salt:"x"}`)).toBe(true);
    expect(contents.filter(({ bytes }) => leaks.test(bytes.toString('utf8'))).map(({ file }) => file)).toEqual([]);
    // ...while the configured one is found by the same search, where the gate's file holds it.
    expect(contents.filter(({ bytes }) => usernameValues(GATE.ADMIN_USERNAME).test(bytes.toString('utf8'))).length).toBeGreaterThan(0);
    // The server's username is no credential of the static gate.
    expect(contents.filter(({ bytes }) => usernameValues(TEST_CREDENTIALS.ADMIN_USERNAME).test(bytes.toString('utf8'))).map(({ file }) => file)).toEqual([]);
  });

  describe('holds salted PBKDF2-SHA-256 hashes instead', () => {
    // The minified module of virtual:credentials: {username|email, salt, hash, iterations}.
    const RECORD =
      /(username|email):\s*[`"']([^`"']+)[`"'],\s*salt:\s*[`"']([A-Za-z0-9+/=]+)[`"'],\s*hash:\s*[`"']([A-Za-z0-9+/=]+)[`"'],\s*iterations:\s*([0-9.e]+)/g;
    const found = contents
      .filter(({ file }) => file.endsWith('.js'))
      .flatMap(({ file, bytes }) =>
        [...bytes.toString('utf8').matchAll(RECORD)].map((m) => ({ file, who: m[2], salt: m[3], hash: m[4], iterations: Number(m[5]) })),
      );
    const admin = found.find((r) => r.who === GATE.ADMIN_USERNAME);
    const investor = found.find((r) => r.who === GATE.INVESTOR_EMAIL);

    it('one record per portal, in one chunk that the login pages load', () => {
      expect(found).toHaveLength(2);
      expect(admin).toBeDefined();
      expect(investor).toBeDefined();
      expect(admin?.file).toBe(investor?.file);
      // Public pages do not reference the chunk directly (it is loaded by the login routes only).
      const home = fs.readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
      expect(home).not.toContain(path.basename(admin?.file ?? '-'));
    });

    it.each([
      ['admin', () => admin, GATE.ADMIN_PASSWORD],
      ['investor', () => investor, GATE.INVESTOR_KEY],
    ] as const)("the %s hash: random 16-byte salt, 32-byte hash, >= 100 000 iterations, derived from the gate's secret", (_name, record, secret) => {
      const r = record();
      expect(r).toBeDefined();
      if (!r) return;
      expect(r.iterations).toBeGreaterThanOrEqual(100_000);
      expect(Buffer.from(r.salt, 'base64')).toHaveLength(16);
      expect(Buffer.from(r.hash, 'base64')).toHaveLength(32);
      const derived = pbkdf2Sync(secret, Buffer.from(r.salt, 'base64'), r.iterations, 32, 'sha256').toString('base64');
      expect(derived).toBe(r.hash);
      // A different secret gives a different hash (the check is not trivially true).
      expect(pbkdf2Sync(`${secret}!`, Buffer.from(r.salt, 'base64'), r.iterations, 32, 'sha256').toString('base64')).not.toBe(r.hash);
    });

    it('is loaded by the login pages only, never by a public page', async () => {
      const chunk = path.basename(admin?.file ?? '-');
      const watched = await openPage(browser());
      const requested: string[] = [];
      watched.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      for (const route of ['/', '/contact', '/careers', '/investment']) await visit(watched, route);
      expect(requested.filter((p) => p.endsWith(chunk))).toEqual([]);
      await visit(watched, '/admin/login');
      expect(requested.filter((p) => p.endsWith(chunk))).toHaveLength(1);
    });

    it('each portal has its own salt', () => {
      expect(admin?.salt).not.toBe(investor?.salt);
    });

    it("is the hash of no secret of the server's, as the server's own scan of the build finds", async () => {
      const records = hashRecords(DIST_DIR);
      // The scan the server runs at start sees both of the gate's records (so it is not blind)...
      expect(records.map(({ file }) => file)).toEqual([admin?.file, investor?.file]);
      expect(await servedSecrets(records, { gate: GATE.ADMIN_PASSWORD })).toEqual([{ name: 'gate', file: admin?.file }]);
      // ...and none of them is the server's password or key.
      expect(await servedSecrets(records, { ADMIN_PASSWORD: TEST_CREDENTIALS.ADMIN_PASSWORD, INVESTOR_KEY: TEST_CREDENTIALS.INVESTOR_KEY })).toEqual([]);
    });
  });
});

describe("the build for the site's own server (npm start), made with every secret set", () => {
  const built = async () => read(await builtServerSite(inject('serverBuild')));

  it('holds no secret in clear or in base64, no gate username and no credential record', async () => {
    const serverFiles = await built();
    expect(serverFiles.filter(({ file }) => file.endsWith('.js')).length).toBeGreaterThan(10);
    for (const secret of Object.values(SECRETS)) {
      expect(filesContaining(secret, serverFiles)).toEqual([]);
      expect(filesContaining(Buffer.from(secret).toString('base64').replace(/=+$/, ''), serverFiles)).toEqual([]);
    }
    expect(filesContaining(GATE.INVESTOR_EMAIL, serverFiles)).toEqual([]);
    expect(filesContaining(TEST_CREDENTIALS.INVESTOR_EMAIL, serverFiles)).toEqual([]);
    for (const username of [GATE.ADMIN_USERNAME, TEST_CREDENTIALS.ADMIN_USERNAME]) {
      expect(serverFiles.filter(({ bytes }) => usernameValues(username).test(bytes.toString('utf8'))).map(({ file }) => file)).toEqual([]);
    }
    expect(hashRecords(await builtServerSite(inject('serverBuild')))).toEqual([]);
    expect(serverFiles.filter(({ bytes }) => /salt["'`]?\s*:/.test(bytes.toString('latin1'))).map(({ file }) => file)).toEqual([]);
    // The build may still be running when this file starts.
  });
});

describe('the server, given a build that carries a hash of its own secret', () => {
  const start = async (env: Record<string, string>) => {
    const dataDir = await freshDataDir();
    try {
      const server = await spawnServer(0, { ...TEST_CREDENTIALS, ...env, GB_OUT_DIR: DIST_DIR, DATA_DIR: dataDir, NODE_ENV: 'production' });
      server.child.kill('SIGTERM');
      await server.exited;
      return 'started';
    } catch (error) {
      return errorMessage(error);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it.each([
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: GATE.ADMIN_PASSWORD }],
    ['INVESTOR_KEY', { INVESTOR_KEY: GATE.INVESTOR_KEY }],
  ] as const)(
    'refuses to start when %s is the secret behind the static gate, naming it and the file',
    async (name, env) => {
      const message = await start(env);
      expect(message).toMatch(
        new RegExp(`exited with 1: .*could not start: the build in .* carries a hash of ${name} in a public file \\(${GATE_FILE.replace('.', '\\.')}\\)`, 's'),
      );
    },
    60_000,
  );

  it('starts with secrets of its own beside the gate', async () => {
    expect(await start({})).toBe('started');
  });
});
