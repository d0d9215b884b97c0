/**
 * Which check decides a portal's sign-in (shown for the investor; the admin's runs the same way):
 * the site's server when /api/health shows it serves the page (its answer sets this browser's
 * flag: 401 is the usual wrong-pair message, 429 the server's lockout message as it is), else the
 * client-side check, as on a static host.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '@/browser/storage/storage';
import { fakeWindow } from '../../../tests/support/fake-storage';

// The real plugin's hashing with known values stands in for the build's virtual module.
vi.mock('virtual:credentials', async () => (await import('../../../tests/support/test-credentials')).testCredentials('investor@example.com'));

// The client-side check derives 210,000 PBKDF2 rounds; a busy machine needs more than 5 s.
vi.setConfig({ testTimeout: 30_000 });

interface Call {
  path: string;
  method: string;
  body: unknown;
}

let win: ReturnType<typeof fakeWindow>;
let calls: Call[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const STATIC_404 = () => new Response('<!doctype html><title>Not found</title>', { status: 404, headers: { 'Content-Type': 'text/html' } });

/** A fetch that answers /api/health as `health` does and every other path with `answer`. */
function serve(health: () => Response, answer: () => Response = () => json(500, { error: 'unexpected call' })) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({ path: input, method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return input === '/api/health' ? health() : answer();
    }),
  );
}
const server = () => json(200, { ok: true, db: 'pglite' });

// Fresh modules per test: the page's one server probe is remembered in a module.
async function load() {
  const [{ signIn }, { failureMessage }] = await Promise.all([import('./portal-sign-in'), import('./verify')]);
  const signInInvestor = (email: string, key: string) => signIn('investor', email, key);
  const signInAdmin = (username: string, password: string) => signIn('admin', username, password);
  return { signInInvestor, signInAdmin, failureMessage };
}

beforeEach(() => {
  vi.resetModules();
  calls = [];
  win = fakeWindow();
  vi.stubGlobal('window', win);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signInInvestor on a static host (no server answers /api/health)', () => {
  it('lets the client-side check decide and asks the server nothing else', async () => {
    serve(STATIC_404);
    const { signInInvestor, failureMessage } = await load();
    const wrong = await signInInvestor('investor@example.com', 'key-exact-123');
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
    if (!wrong.ok) expect(failureMessage('investor', wrong)).toBe('Invalid e-mail or access key');
    expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('false');

    expect(await signInInvestor(' Investor@Example.com ', 'Key-Exact-123')).toEqual({ ok: true });
    expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('true');
    // One probe for the page, no sign-in request.
    expect(calls.map((call) => call.path)).toEqual(['/api/health']);
  });
});

describe('signInInvestor where the site’s server serves the page', () => {
  it('signs in on the server with the pair as typed, and sets the flag from its answer', async () => {
    serve(server, () => json(200, { signedIn: true, expiresAt: '2026-03-02T17:00:00.000Z' }));
    const { signInInvestor } = await load();
    // The client-side check would refuse this pair: the server's answer decides.
    expect(await signInInvestor('ir@fund.example', 'server-key')).toEqual({ ok: true });
    expect(calls.at(-1)).toEqual({ path: '/api/investors/login', method: 'POST', body: { email: 'ir@fund.example', key: 'server-key' } });
    expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('true');
  });

  it('turns a 401 into the usual wrong-pair message and signs this browser out', async () => {
    serve(server, () => json(401, { error: 'Invalid e-mail or access key' }));
    win.localStorage.setItem(KEYS.investorAuth, 'true');
    const { signInInvestor, failureMessage } = await load();
    // Right for the client-side check, refused by the server.
    const result = await signInInvestor('investor@example.com', 'Key-Exact-123');
    expect(result).toEqual({ ok: false, reason: 'invalid' });
    if (!result.ok) expect(failureMessage('investor', result)).toBe('Invalid e-mail or access key');
    expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('false');
  });

  it('shows the server’s lockout message on a 429, as the server wrote it', async () => {
    serve(server, () => json(429, { error: 'Too many failed attempts. Try again in 27 seconds.' }));
    const { signInInvestor, failureMessage } = await load();
    const result = await signInInvestor('investor@example.com', 'wrong');
    expect(result).toEqual({ ok: false, reason: 'server', message: 'Too many failed attempts. Try again in 27 seconds.' });
    if (!result.ok) expect(failureMessage('investor', result)).toBe('Too many failed attempts. Try again in 27 seconds.');
    expect(win.localStorage.getItem(KEYS.investorAuth)).toBe('false');
  });

  it('says what failed when the server fails or cannot be reached', async () => {
    serve(server, () => json(500, { error: 'The server failed to handle this request; try again later' }));
    const { signInInvestor } = await load();
    expect(await signInInvestor('investor@example.com', 'Key-Exact-123')).toEqual({
      ok: false,
      reason: 'server',
      message: 'The server could not sign you in: The server failed to handle this request; try again later (error 500).',
    });
  });
});

describe('signInAdmin', () => {
  it('shares the same path: the admin pair goes to the admin login', async () => {
    serve(server, () => json(200, { signedIn: true }));
    const { signInAdmin } = await load();
    expect(await signInAdmin('boss', 'secret')).toEqual({ ok: true });
    expect(calls.at(-1)).toEqual({ path: '/api/admin/login', method: 'POST', body: { username: 'boss', password: 'secret' } });
    expect(win.localStorage.getItem(KEYS.adminAuth)).toBe('true');
  });
});
