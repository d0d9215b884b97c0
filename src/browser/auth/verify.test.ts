import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '@/browser/storage/storage';
import { fakeWindow, type StorageMode } from '../../../tests/support/fake-storage';

// The real plugin's hashing with known values stands in for the build's virtual module.
vi.mock('virtual:credentials', async () => (await import('../../../tests/support/test-credentials')).testCredentials('  Investor@Example.COM '));

// Each attempt derives 210,000 PBKDF2 rounds; a busy machine needs more than the default 5 s per test.
vi.setConfig({ testTimeout: 30_000 });

let mode: StorageMode = 'working';
let win: ReturnType<typeof fakeWindow>;

async function load() {
  return import('./verify');
}

beforeEach(() => {
  vi.resetModules();
  mode = 'working';
  win = fakeWindow(() => mode);
  vi.stubGlobal('window', win);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-06-01T10:00:00Z'));
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('adminLogin', () => {
  it('accepts the configured pair and persists "true"', async () => {
    const { adminLogin } = await load();
    expect(await adminLogin('ops-admin', 'correct horse battery')).toBe(true);
    expect(win.localStorage.getItem(KEYS.adminAuth)).toBe('true');
  });

  it('rejects a wrong password and persists "false"', async () => {
    const { adminLogin } = await load();
    win.localStorage.setItem(KEYS.adminAuth, 'true');
    expect(await adminLogin('ops-admin', 'correct horse batter')).toBe(false);
    expect(win.localStorage.getItem(KEYS.adminAuth)).toBe('false');
  });

  it('rejects a wrong username, including another case or spacing', async () => {
    const { adminLogin } = await load();
    expect(await adminLogin('ops-admin2', 'correct horse battery')).toBe(false);
    expect(await adminLogin('OPS-ADMIN', 'correct horse battery')).toBe(false);
    expect(await adminLogin(' ops-admin', 'correct horse battery')).toBe(false);
  });

  it('says which message to show', async () => {
    const { attemptAdminLogin, failureMessage } = await load();
    const result = await attemptAdminLogin('ops-admin', 'nope');
    expect(result).toEqual({ ok: false, reason: 'invalid' });
    if (!result.ok) expect(failureMessage('admin', result)).toBe('Invalid username or password');
  });
});

describe('investorLogin', () => {
  it('compares the e-mail trimmed and case-insensitively', async () => {
    const { investorLogin } = await load();
    expect(await investorLogin('INVESTOR@example.com', 'Key-Exact-123')).toBe(true);
    expect(await investorLogin('  investor@EXAMPLE.com ', 'Key-Exact-123')).toBe(true);
    expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('true');
  });

  it('compares the key exactly', async () => {
    const { investorLogin, attemptInvestorLogin, failureMessage } = await load();
    expect(await investorLogin('investor@example.com', 'key-exact-123')).toBe(false);
    expect(await investorLogin('investor@example.com', 'Key-Exact-123 ')).toBe(false);
    expect(await investorLogin('other@example.com', 'Key-Exact-123')).toBe(false);
    expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('false');
    const result = await attemptInvestorLogin('investor@example.com', 'x');
    expect(result).toEqual({ ok: false, reason: 'invalid' });
    if (!result.ok) expect(failureMessage('investor', result)).toBe('Invalid e-mail or access key');
  });
});

describe('lockout', () => {
  it('locks after 5 failures in a row and refuses even the right pair for 30 s', async () => {
    const { attemptAdminLogin, failureMessage } = await load();
    for (let i = 0; i < 4; i += 1) expect(await attemptAdminLogin('ops-admin', 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    const fifth = await attemptAdminLogin('ops-admin', 'wrong');
    expect(fifth).toEqual({ ok: false, reason: 'locked', retryInMs: 30_000 });
    if (!fifth.ok) expect(failureMessage('admin', fifth)).toBe('Too many failed attempts. Try again in 30 seconds.');

    vi.advanceTimersByTime(3_000);
    const refused = await attemptAdminLogin('ops-admin', 'correct horse battery');
    expect(refused).toEqual({ ok: false, reason: 'locked', retryInMs: 27_000 });
    if (!refused.ok) expect(failureMessage('admin', refused)).toBe('Too many failed attempts. Try again in 27 seconds.');
    expect(win.localStorage.getItem(KEYS.adminAuth)).toBe('false');
  });

  it('unlocks after 30 s; the count then starts over', async () => {
    const { attemptAdminLogin } = await load();
    for (let i = 0; i < 5; i += 1) await attemptAdminLogin('ops-admin', 'wrong');
    vi.advanceTimersByTime(29_999);
    expect((await attemptAdminLogin('ops-admin', 'correct horse battery')).ok).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await attemptAdminLogin('ops-admin', 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    expect((await attemptAdminLogin('ops-admin', 'correct horse battery')).ok).toBe(true);
  });

  it('a success resets the count of failures', async () => {
    const { attemptAdminLogin } = await load();
    for (let i = 0; i < 4; i += 1) await attemptAdminLogin('ops-admin', 'wrong');
    expect((await attemptAdminLogin('ops-admin', 'correct horse battery')).ok).toBe(true);
    for (let i = 0; i < 4; i += 1) expect(await attemptAdminLogin('ops-admin', 'wrong')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('counts each portal separately', async () => {
    const { attemptAdminLogin, investorLogin } = await load();
    for (let i = 0; i < 5; i += 1) await attemptAdminLogin('ops-admin', 'wrong');
    expect(await investorLogin('investor@example.com', 'Key-Exact-123')).toBe(true);
  });

  it('survives a reload (the count is in storage)', async () => {
    const first = await load();
    for (let i = 0; i < 3; i += 1) await first.attemptAdminLogin('ops-admin', 'wrong');
    vi.resetModules();
    const second = await load();
    expect(await second.attemptAdminLogin('ops-admin', 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    expect(await second.attemptAdminLogin('ops-admin', 'wrong')).toMatchObject({ reason: 'locked' });
    vi.resetModules();
    const third = await load();
    expect(await third.attemptAdminLogin('ops-admin', 'correct horse battery')).toMatchObject({ reason: 'locked' });
  });

  it('ignores a corrupted stored count', async () => {
    win.localStorage.setItem(KEYS.loginFailures, '{not json');
    const { adminLogin } = await load();
    expect(await adminLogin('ops-admin', 'correct horse battery')).toBe(true);
  });

  it('caps a tampered lockout at 30 s', async () => {
    win.localStorage.setItem(KEYS.loginFailures, JSON.stringify({ admin: { failures: 0, lockedUntil: Date.now() + 10 * 86_400_000 } }));
    const { attemptAdminLogin } = await load();
    expect(await attemptAdminLogin('ops-admin', 'x')).toEqual({ ok: false, reason: 'locked', retryInMs: 30_000 });
  });
});

describe('with broken storage', () => {
  it.each(['disabled', 'full'] as const)('a right pair says the sign-in cannot be kept, and failures still lock (%s)', async (broken) => {
    mode = broken;
    const { attemptAdminLogin, failureMessage } = await load();
    const { isSignedIn } = await import('./portal-session');
    const isAdminSignedIn = () => isSignedIn('admin');
    const result = await attemptAdminLogin('ops-admin', 'correct horse battery');
    expect(result).toEqual({ ok: false, reason: 'not-kept' });
    if (!result.ok) expect(failureMessage('admin', result)).toMatch(/^Your details are correct, but this browser does not let the site keep you signed in/);
    expect(isAdminSignedIn()).toBe(false);
    for (let i = 0; i < 4; i += 1) await attemptAdminLogin('ops-admin', 'wrong');
    expect(isAdminSignedIn()).toBe(false);
    expect(await attemptAdminLogin('ops-admin', 'wrong')).toMatchObject({ reason: 'locked' });
  });
});

describe("in a build for the site's own server (no gate in the bundle)", () => {
  it('signs nobody in and says the server must answer, for either portal', async () => {
    vi.doMock('virtual:credentials', () => ({ admin: null, investor: null, default: { admin: null, investor: null } }));
    try {
      const { attemptAdminLogin, attemptInvestorLogin, failureMessage, NEEDS_SERVER_MESSAGE } = await load();
      win.localStorage.setItem(KEYS.adminAuth, 'true');
      const admin = await attemptAdminLogin('ops-admin', 'correct horse battery');
      expect(admin).toEqual({ ok: false, reason: 'server', message: NEEDS_SERVER_MESSAGE });
      if (!admin.ok) expect(failureMessage('admin', admin)).toMatch(/^Sign-in is checked by the site's server, which did not answer/);
      expect(win.localStorage.getItem(KEYS.adminAuth)).toBe('false');
      expect(await attemptInvestorLogin('investor@example.com', 'Key-Exact-123')).toMatchObject({ ok: false, reason: 'server' });
      expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('false');
    } finally {
      vi.doUnmock('virtual:credentials');
    }
  });
});
