import { pbkdf2Sync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCredentials, credentialsPlugin, GATE_DEV_DEFAULTS, PBKDF2_ITERATIONS, SERVER_BUILD_VARIABLE } from './credentials-plugin';

// Every build of the pairs derives 210,000 PBKDF2 rounds twice; a busy machine needs more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

const ENV = { GATE_ADMIN_USERNAME: 'boss', GATE_ADMIN_PASSWORD: 's3cret-Admin!', GATE_INVESTOR_EMAIL: ' IR@Example.org ', GATE_INVESTOR_KEY: 'Inv-Key-9' };
/** The server's own secrets, which the build must never hash into the bundle. */
const SERVER_ENV = { ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Server-Only-Secret-1', INVESTOR_EMAIL: 'ir@example.org', INVESTOR_KEY: 'Server-Only-Key-2' };

describe('buildCredentials', () => {
  it('holds the username, the lower-cased e-mail and PBKDF2-SHA-256 hashes, never the secrets', () => {
    const { credentials, defaultsUsed } = buildCredentials(ENV);
    expect(defaultsUsed).toEqual([]);
    expect(credentials.admin.username).toBe('boss');
    expect(credentials.investor.email).toBe('ir@example.org');
    expect(credentials.admin.iterations).toBe(PBKDF2_ITERATIONS);
    expect(Buffer.from(credentials.admin.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(credentials.admin.hash, 'base64')).toHaveLength(32);
    const expected = pbkdf2Sync('s3cret-Admin!', Buffer.from(credentials.admin.salt, 'base64'), 210_000, 32, 'sha256');
    expect(credentials.admin.hash).toBe(expected.toString('base64'));
    const text = JSON.stringify(credentials);
    expect(text).not.toContain('s3cret-Admin!');
    expect(text).not.toContain('Inv-Key-9');
  });

  it('uses a fresh salt every time', () => {
    const a = buildCredentials(ENV).credentials;
    const b = buildCredentials(ENV).credentials;
    expect(a.admin.salt).not.toBe(b.admin.salt);
    expect(a.admin.salt).not.toBe(a.investor.salt);
    expect(a.admin.hash).not.toBe(b.admin.hash);
  });

  it('falls back to the development defaults for unset or empty variables and names them', () => {
    const { credentials, defaultsUsed } = buildCredentials({ GATE_ADMIN_USERNAME: 'boss', GATE_ADMIN_PASSWORD: '' });
    expect(defaultsUsed).toEqual(['GATE_ADMIN_PASSWORD', 'GATE_INVESTOR_EMAIL', 'GATE_INVESTOR_KEY']);
    expect(credentials.investor.email).toBe(GATE_DEV_DEFAULTS.GATE_INVESTOR_EMAIL);
  });

  it("hashes the gate's own secrets, never the server's", () => {
    const { credentials, defaultsUsed } = buildCredentials({ ...SERVER_ENV });
    expect(defaultsUsed).toHaveLength(4);
    const salt = Buffer.from(credentials.admin.salt, 'base64');
    const of = (secret: string) => pbkdf2Sync(secret, salt, PBKDF2_ITERATIONS, 32, 'sha256').toString('base64');
    expect(credentials.admin.hash).toBe(of(GATE_DEV_DEFAULTS.GATE_ADMIN_PASSWORD));
    expect(credentials.admin.hash).not.toBe(of(SERVER_ENV.ADMIN_PASSWORD));
    expect(credentials.admin.username).toBe(GATE_DEV_DEFAULTS.GATE_ADMIN_USERNAME);
  });

  it("refuses a gate secret that is the server's, naming both variables", () => {
    expect(() => buildCredentials({ ...SERVER_ENV, ...ENV, GATE_ADMIN_PASSWORD: SERVER_ENV.ADMIN_PASSWORD })).toThrow(
      /GATE_ADMIN_PASSWORD is the same as ADMIN_PASSWORD\. The static host's gate ships a hash/,
    );
    expect(() => buildCredentials({ ...SERVER_ENV, ...ENV, GATE_INVESTOR_KEY: SERVER_ENV.INVESTOR_KEY })).toThrow(
      /GATE_INVESTOR_KEY is the same as INVESTOR_KEY/,
    );
  });
});

describe('credentialsPlugin', () => {
  type Hook = (this: unknown, ...args: unknown[]) => unknown;
  const call = (hook: unknown, context: unknown, ...args: unknown[]) => (hook as Hook).call(context, ...args);

  // The plugin reads the process environment; the stubs are undone after each test, even a failed one.
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  function setUp(env: Record<string, string | undefined>, command: 'build' | 'serve' = 'build') {
    const plugin = credentialsPlugin();
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    call(plugin.configResolved, {}, { envDir: false, mode: 'production', root: process.cwd(), command });
    const warn = vi.fn();
    call(plugin.buildStart, {});
    return { plugin, warn, load: () => call(plugin.load, { warn }, '\0virtual:credentials') as string };
  }

  it('serves the module without the secrets and warns once when defaults are used', () => {
    const { plugin, warn, load } = setUp({ GATE_ADMIN_USERNAME: 'boss', GATE_ADMIN_PASSWORD: 's3cret-Admin!', GATE_INVESTOR_EMAIL: '', GATE_INVESTOR_KEY: '' });
    expect(call(plugin.resolveId, {}, 'virtual:credentials')).toBe('\0virtual:credentials');
    const code = load();
    expect(code).toContain('export const admin = {"username":"boss"');
    expect(code).toContain('export const investor = {"email":"investor@garlicbrothers.example"');
    expect(code).not.toContain('s3cret-Admin!');
    expect(code).not.toContain(GATE_DEV_DEFAULTS.GATE_INVESTOR_KEY);
    expect(load()).toBe(code);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/GATE_INVESTOR_EMAIL, GATE_INVESTOR_KEY not set: the static host's sign-in gate uses the development defaults/);
  });

  it('stays quiet when every variable is set', () => {
    const { warn, load } = setUp(ENV);
    load();
    expect(warn).not.toHaveBeenCalled();
  });

  it("ships no pair in a build for the site's own server, nor in the dev server, whatever is set", () => {
    const serverBuild = setUp({ ...ENV, ...SERVER_ENV, [SERVER_BUILD_VARIABLE]: '1' });
    const dev = setUp({ ...ENV, ...SERVER_ENV, [SERVER_BUILD_VARIABLE]: undefined }, 'serve');
    for (const { load, warn } of [serverBuild, dev]) {
      expect(load()).toBe('export const admin = null;\nexport const investor = null;\nexport default { admin, investor };');
      expect(warn).not.toHaveBeenCalled();
    }
  });
});
