import { pbkdf2Sync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCredentials, credentialsPlugin, DEV_DEFAULTS, PBKDF2_ITERATIONS } from './credentials-plugin';

const ENV = { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 's3cret-Admin!', INVESTOR_EMAIL: ' IR@Example.org ', INVESTOR_KEY: 'Inv-Key-9' };

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
    const { credentials, defaultsUsed } = buildCredentials({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: '' });
    expect(defaultsUsed).toEqual(['ADMIN_PASSWORD', 'INVESTOR_EMAIL', 'INVESTOR_KEY']);
    expect(credentials.investor.email).toBe(DEV_DEFAULTS.INVESTOR_EMAIL);
  });
});

describe('credentialsPlugin', () => {
  type Hook = (this: unknown, ...args: unknown[]) => unknown;
  const call = (hook: unknown, context: unknown, ...args: unknown[]) => (hook as Hook).call(context, ...args);

  // The plugin reads the process environment; the stubs are undone after each test, even a failed one.
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  function setUp(env: Record<string, string | undefined>) {
    const plugin = credentialsPlugin();
    for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
    call(plugin.configResolved, {}, { envDir: false, mode: 'production', root: process.cwd() });
    const warn = vi.fn();
    call(plugin.buildStart, {});
    return { plugin, warn, load: () => call(plugin.load, { warn }, '\0virtual:credentials') as string };
  }

  it('serves the module without the secrets and warns once when defaults are used', () => {
    const { plugin, warn, load } = setUp({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 's3cret-Admin!', INVESTOR_EMAIL: '', INVESTOR_KEY: '' });
    expect(call(plugin.resolveId, {}, 'virtual:credentials')).toBe('\0virtual:credentials');
    const code = load();
    expect(code).toContain('export const admin = {"username":"boss"');
    expect(code).toContain('export const investor = {"email":"investor@garlicbrothers.example"');
    expect(code).not.toContain('s3cret-Admin!');
    expect(code).not.toContain(DEV_DEFAULTS.INVESTOR_KEY);
    expect(load()).toBe(code);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(/INVESTOR_EMAIL, INVESTOR_KEY not set: using the development defaults/);
  });

  it('stays quiet when every variable is set', () => {
    const { warn, load } = setUp(ENV);
    load();
    expect(warn).not.toHaveBeenCalled();
  });
});
