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
      trustProxy: false,
      sessionHours: 8,
      maxConnections: 1000,
    });
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
      TRUST_PROXY: '1',
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
      trustProxy: true,
    });
    expect(config.investor.email).toBe('ir@garlicbrothers.in');
    expect(config.defaultsUsed).toEqual(['ADMIN_PASSWORD']);
  });

  it('refuses values that would fail later', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => readConfig({ BEACON_RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/BEACON_RATE_LIMIT_PER_MINUTE must be a whole number/);
    expect(() => readConfig({ SITE_ORIGIN: 'garlicbrothers.in' })).toThrow(/SITE_ORIGIN must be an origin/);
    expect(() => readConfig({ SITE_ORIGIN: 'ftp://garlicbrothers.in' })).toThrow(/https:\/\/ or http:\/\//);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must start with postgres:\/\//);
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
