import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, defaultsWarning, readConfig, startWarnings } from './config';

describe('readConfig', () => {
  it('uses the documented defaults and names the development credentials it falls back to', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 4173,
      host: '127.0.0.1',
      siteOrigin: null,
      databaseUrl: null,
      dataDir: DEFAULT_DATA_DIR,
      sessionHours: 8,
      maxConnections: 1000,
      maxConnectionsPerAddress: 64,
    });
    expect(config.trustProxy.ranges).toEqual([]);
    expect(config.admin).toEqual({ username: 'admin', password: 'garlic-admin-dev' });
    expect(config.defaultsUsed).toEqual(['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'INVESTOR_EMAIL', 'INVESTOR_KEY']);
    expect(defaultsWarning(config.defaultsUsed)).toMatch(/not set: using the development defaults/);
  });

  it('reads the environment: origin normalised, e-mail lower-cased, empty values treated as unset', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      SITE_ORIGIN: 'https://www.garlicbrothers.in/',
      DATABASE_URL: 'postgres://gb@db.internal/gb',
      RATE_LIMIT_PER_MINUTE: '600',
      MAX_CONNECTIONS: '50',
      MAX_CONNECTIONS_PER_ADDRESS: '8',
      TRUST_PROXY: ' loopback, 10.0.0.7 ,2001:DB8::/32,203.0.113.0/24',
      BEACON_RATE_LIMIT_PER_MINUTE: '90',
      ADMIN_USERNAME: 'office',
      ADMIN_PASSWORD: '',
      INVESTOR_EMAIL: ' IR@GarlicBrothers.in ',
      INVESTOR_KEY: 'k',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      siteOrigin: 'https://www.garlicbrothers.in',
      databaseUrl: 'postgres://gb@db.internal/gb',
      rateLimitPerMinute: 600,
      beaconRateLimitPerMinute: 90,
      maxConnections: 50,
      maxConnectionsPerAddress: 8,
    });
    expect(config.trustProxy.ranges).toEqual(['127.0.0.0/8', '::1/128', '10.0.0.7/32', '2001:db8::/32', '203.0.113.0/24']);
    expect(['127.0.0.1', '10.0.0.7', '2001:db8::1', '203.0.113.200'].map(config.trustProxy.trusts)).toEqual([true, true, true, true]);
    expect(['10.0.0.8', '203.0.114.1', '192.168.1.1', 'unknown'].map(config.trustProxy.trusts)).toEqual([false, false, false, false]);
    expect(config.investor.email).toBe('ir@garlicbrothers.in');
    expect(config.defaultsUsed).toEqual(['ADMIN_PASSWORD']);
  });

  it('refuses values that would fail later', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => readConfig({ BEACON_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/BEACON_RATE_LIMIT_PER_MINUTE must be a whole number/);
    expect(() => readConfig({ SITE_ORIGIN: 'garlicbrothers.in' })).toThrow(/SITE_ORIGIN must be an origin/);
    expect(() => readConfig({ SITE_ORIGIN: 'ftp://garlicbrothers.in' })).toThrow(/https:\/\/ or http:\/\//);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres:\/\//);
    expect(() => readConfig({ MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(/MAX_CONNECTIONS_PER_ADDRESS must be a whole number/);
  });

  it('refuses the TRUST_PROXY that trusted any client, naming the list to set instead', () => {
    for (const old of ['1', 'true', 'TRUE'])
      expect(() => readConfig({ TRUST_PROXY: old })).toThrow(new RegExp(`^TRUST_PROXY no longer takes "${old}": name the proxies .*TRUST_PROXY=loopback`));
    // Off, as before: no proxy trusted.
    for (const off of ['', ' ', '0', 'false']) expect(readConfig({ TRUST_PROXY: off }).trustProxy.ranges).toEqual([]);
  });

  it('refuses a TRUST_PROXY entry that is no address, range or keyword, naming it', () => {
    for (const entry of ['nginx', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0.256', '10.0.0.0/', '10.0.0.0/-1'])
      expect(() => readConfig({ TRUST_PROXY: `loopback,${entry}` })).toThrow(
        `TRUST_PROXY must list proxy addresses, CIDR ranges or the words loopback and private, separated by commas (e.g. loopback,10.0.0.0/8); "${entry}" is none of these`,
      );
    expect(() => readConfig({ TRUST_PROXY: 'loopback,' })).toThrow(/"" is none of these/);
    expect(readConfig({ TRUST_PROXY: 'Private' }).trustProxy.ranges).toEqual(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7']);
  });

  it('warns in production without SITE_ORIGIN, naming DNS rebinding', () => {
    const credentials = { ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'b', INVESTOR_EMAIL: 'c@d.example', INVESTOR_KEY: 'e' };
    const [warning, ...more] = startWarnings(readConfig({ ...credentials, NODE_ENV: 'production' }));
    expect(warning).toMatch(/^\[server\] SITE_ORIGIN is not set: .*\(DNS rebinding\) then passes the Origin check/);
    expect(more).toEqual([]);
    expect(startWarnings(readConfig({ ...credentials, NODE_ENV: 'production', SITE_ORIGIN: 'https://www.garlicbrothers.in' }))).toEqual([]);
    // Development and tests: the served origin is the site, as documented.
    expect(startWarnings(readConfig({ ...credentials }))).toEqual([]);
    expect(startWarnings(readConfig({ NODE_ENV: 'production' }))).toHaveLength(2);
  });
});
