/**
 * The owner's account, sign-in throttling and the sign-in bodies, through the API, written once
 * and run on every database the server supports (accounts.pglite.test.ts, accounts.postgres.test.ts):
 * no other account can remove the owner's or plant an account of its own; a stranger's failures
 * shut out the stranger's address, not the account; a guesser with one address cannot spray many
 * accounts, and one with many addresses gets one guess per address while the owner still gets in
 * from a clean one; sign-in bodies are small and a locked address is refused before its body is read.
 * The client's address is the harness's x-test-client header.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureSettingsAccount, removeAccount } from '../../src/server/auth/accounts';
import type { Store } from '../../src/server/db/connect';
import { ADMIN, createHarness, INVESTOR, resetTables, SITE, TEST_COST, type Harness } from './harness';

/** The rules as the README states them: a pair of address and account, an address, an account under pressure. */
const LOCKOUT_MS = 30_000;
const ADDRESS_LOCKOUT_MS = 15 * 60_000;
const WINDOW_MS = 15 * 60_000;

const ATTACKER = '203.0.113.66';
const OWNER_ELSEWHERE = '192.0.2.10';
const PRIYA = 'priya@garlicbrothers.example';
const OMAR = 'omar@garlicbrothers.example';

/** For a test of dozens of sign-ins (each one scrypt and a few writes): time enough on a busy machine. */
const MANY_SIGN_INS_MS = 60_000;

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

export function accountsSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    h = await createHarness(store);
  });

  const adminLogin = (password: string, client: string, username = ADMIN.username) =>
    h.call('POST', '/api/admin/login', { body: { username, password }, client });
  const later = (ms: number) => {
    h.clock.now = new Date(h.clock.now.getTime() + ms);
  };

  describe('the owner’s account (ADMIN_USERNAME)', () => {
    let owner: string;
    const passwords: Record<string, string> = {};

    beforeEach(async () => {
      owner = await h.signIn();
      for (const email of [PRIYA, OMAR]) {
        const added = await h.call('POST', '/api/admin/accounts', { cookie: owner, body: { email } });
        expect(added.status).toBe(201);
        passwords[email] = ((await added.json()) as { password: string }).password;
      }
    });

    const names = async () =>
      (await store.db.selectFrom('accounts').select(['name', 'source']).orderBy('name').execute()).map((row) => `${row.name}:${row.source}`);

    it(
      'survives every other account’s attempts: removing it, removing others, adding one',
      async () => {
        const priya = await h.signIn('admin', { username: PRIYA, password: passwords[PRIYA] ?? '' });
        const before = await names();
        // As a sales account (every new one is) she is refused the Team routes outright; made an
        // admin, the owner's rules below still hold.
        const asSales = await h.call('DELETE', `/api/admin/accounts/${ADMIN.username}`, { cookie: priya });
        expect(asSales.status).toBe(403);
        expect(await errorOf(asSales)).toMatch(/^Only an admin account may see and manage the team/);
        expect((await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(PRIYA)}`, { cookie: owner, body: { role: 'admin' } })).status).toBe(200);

        const removeOwner = await h.call('DELETE', `/api/admin/accounts/${ADMIN.username}`, { cookie: priya });
        expect(removeOwner.status).toBe(403);
        expect(await errorOf(removeOwner)).toBe(
          `${ADMIN.username} is the owner’s account (the server’s ADMIN_USERNAME): it cannot be removed from the Team section`,
        );
        // The owner's name in another case or with spaces is the same account.
        expect((await h.call('DELETE', `/api/admin/accounts/${encodeURIComponent(` ${ADMIN.username.toUpperCase()} `)}`, { cookie: priya })).status).toBe(403);

        const removeColleague = await h.call('DELETE', `/api/admin/accounts/${encodeURIComponent(OMAR)}`, { cookie: priya });
        expect(removeColleague.status).toBe(403);
        expect(await errorOf(removeColleague)).toBe('Only the owner (the account of the server’s ADMIN_USERNAME) adds and removes accounts');

        const backdoor = await h.call('POST', '/api/admin/accounts', { cookie: priya, body: { email: 'backdoor@evil.example' } });
        expect(backdoor.status).toBe(403);
        expect(await errorOf(backdoor)).toBe('Only the owner (the account of the server’s ADMIN_USERNAME) adds and removes accounts');

        expect(await names()).toEqual(before);
        // The owner is still signed in, still signs in, and still manages the team.
        expect((await h.call('GET', '/api/admin/session', { cookie: owner })).status).toBe(200);
        expect((await adminLogin(ADMIN.password, OWNER_ELSEWHERE)).status).toBe(200);
        expect((await h.call('DELETE', `/api/admin/accounts/${encodeURIComponent(PRIYA)}`, { cookie: owner })).status).toBe(204);
        expect((await h.call('GET', '/api/admin/session', { cookie: priya })).status).toBe(401);
      },
      MANY_SIGN_INS_MS,
    );

    it('the list says which account is the owner’s, to every admin account', async () => {
      expect((await h.call('PATCH', `/api/admin/accounts/${encodeURIComponent(OMAR)}`, { cookie: owner, body: { role: 'admin' } })).status).toBe(200);
      const omar = await h.signIn('admin', { username: OMAR, password: passwords[OMAR] ?? '' });
      const listed = (await (await h.call('GET', '/api/admin/accounts', { cookie: omar })).json()) as { accounts: { name: string; source: string }[] };
      expect(listed.accounts.filter((account) => account.source === 'settings').map((account) => account.name)).toEqual([ADMIN.username]);
    });

    it(
      'a new ADMIN_USERNAME is the owner from its start; the account named before becomes an ordinary one',
      async () => {
        const chiefPassword = 'the new owner’s long password';
        await ensureSettingsAccount(store.db, 'Chief', chiefPassword, TEST_COST, h.clock.now);
        expect(await names()).toEqual(['boss:command', 'chief:settings', `${OMAR}:team`, `${PRIYA}:team`]);
        // The former owner manages nothing now, and the new owner may remove it.
        const boss = await h.signIn();
        expect((await h.call('POST', '/api/admin/accounts', { cookie: boss, body: { email: 'x@garlicbrothers.example' } })).status).toBe(403);
        const chief = await h.signIn('admin', { username: 'chief', password: chiefPassword });
        expect((await h.call('DELETE', `/api/admin/accounts/${ADMIN.username}`, { cookie: chief })).status).toBe(204);
        expect((await h.call('DELETE', '/api/admin/accounts/chief', { cookie: boss })).status).toBe(401);
      },
      MANY_SIGN_INS_MS,
    );

    it('a changed ADMIN_PASSWORD ends the owner’s sessions at the next start; the same one keeps them', async () => {
      await ensureSettingsAccount(store.db, ADMIN.username, ADMIN.password, TEST_COST, h.clock.now);
      expect((await h.call('GET', '/api/admin/session', { cookie: owner })).status).toBe(200);
      await ensureSettingsAccount(store.db, ADMIN.username, 'a password that replaces a leaked one', TEST_COST, h.clock.now);
      expect((await h.call('GET', '/api/admin/session', { cookie: owner })).status).toBe(401);
      expect((await adminLogin(ADMIN.password, OWNER_ELSEWHERE)).status).toBe(401);
      expect((await adminLogin('a password that replaces a leaked one', OWNER_ELSEWHERE)).status).toBe(200);
    });

    it('the operator’s command line may remove the owner’s account; the next start brings it back', async () => {
      expect(await removeAccount(store.db, ADMIN.username, null)).toBe(ADMIN.username);
      expect((await h.call('GET', '/api/admin/session', { cookie: owner })).status).toBe(401);
      await ensureSettingsAccount(store.db, ADMIN.username, ADMIN.password, TEST_COST, h.clock.now);
      expect((await adminLogin(ADMIN.password, OWNER_ELSEWHERE)).status).toBe(200);
      expect(await names()).toContain('boss:settings');
    });
  });

  describe('sign-in throttling', () => {
    it('five failures from an attacker’s address do not lock the owner out elsewhere', async () => {
      for (let i = 1; i <= 4; i += 1) expect((await adminLogin(`guess-${i}`, ATTACKER)).status).toBe(401);
      expect((await adminLogin('guess-5', ATTACKER)).status).toBe(429);
      // Right after, from another address, the owner gets in at once.
      const owner = await adminLogin(ADMIN.password, OWNER_ELSEWHERE);
      expect(owner.status).toBe(200);
      // The attacker's address stays shut for this account, even with the right password.
      const attacker = await adminLogin(ADMIN.password, ATTACKER);
      expect(attacker.status).toBe(429);
      expect(attacker.headers.get('retry-after')).toBe(String(LOCKOUT_MS / 1000));
    });

    it(
      'ten requests a minute from rotating addresses do not keep the owner out',
      async () => {
        for (let minute = 0; minute < 3; minute += 1) {
          for (let i = 0; i < 10; i += 1) await adminLogin(`guess-${minute}-${i}`, `203.0.113.${minute * 10 + i + 1}`);
          expect((await adminLogin(ADMIN.password, OWNER_ELSEWHERE)).status).toBe(200);
          later(60_000);
        }
      },
      MANY_SIGN_INS_MS,
    );

    it(
      'a guesser with many addresses gets one guess per address once the account is under pressure; a clean address still gets in',
      async () => {
        // Ten failures on the account from ten addresses: the account is under pressure.
        for (let i = 1; i <= 10; i += 1) expect((await adminLogin(`guess-${i}`, `203.0.113.${i}`)).status).toBe(401);
        // An address that has failed on it is refused now, even with the right password…
        const again = await adminLogin(ADMIN.password, '203.0.113.1');
        expect(again.status).toBe(429);
        expect(await errorOf(again)).toBe('Too many failed attempts on this account. Try again in 15 minutes, or sign in from another network.');
        expect(again.headers.get('retry-after')).toBe(String(WINDOW_MS / 1000));
        // …a fresh address gets its one guess, and the owner from a clean address gets in.
        expect((await adminLogin('guess-11', '203.0.113.11')).status).toBe(401);
        expect((await adminLogin('guess-12', '203.0.113.11')).status).toBe(429);
        expect((await adminLogin(ADMIN.password, OWNER_ELSEWHERE)).status).toBe(200);
        // Another account is not under pressure: the same address may try it.
        expect((await adminLogin('guess', '203.0.113.1', 'someone@garlicbrothers.example')).status).toBe(401);
        // Once the failures stop for the window, the account is back to the usual rule.
        later(WINDOW_MS + 1);
        expect((await adminLogin(ADMIN.password, '203.0.113.1')).status).toBe(200);
      },
      MANY_SIGN_INS_MS,
    );

    it(
      'one address cannot spray many accounts: after 20 failures it is refused for every account for 15 minutes',
      async () => {
        const names = Array.from({ length: 5 }, (_, i) => `person${i}@garlicbrothers.example`);
        const statuses: number[] = [];
        for (const name of names) for (let i = 1; i <= 4; i += 1) statuses.push((await adminLogin(`guess-${i}`, ATTACKER, name)).status);
        expect(statuses.slice(0, 19).every((status) => status === 401)).toBe(true);
        expect(statuses[19]).toBe(429);
        const refused = await adminLogin(ADMIN.password, ATTACKER);
        expect(refused.status).toBe(429);
        expect(await errorOf(refused)).toBe('Too many failed attempts. Try again in 15 minutes.');
        expect((await adminLogin(ADMIN.password, OWNER_ELSEWHERE)).status).toBe(200);
        later(ADDRESS_LOCKOUT_MS + 1);
        expect((await adminLogin(ADMIN.password, ATTACKER)).status).toBe(200);
      },
      MANY_SIGN_INS_MS,
    );

    it('an IPv6 client counts by its /64: new addresses in the same /64 do not give a guesser fresh attempts', async () => {
      for (let i = 1; i <= 5; i += 1) await adminLogin(`guess-${i}`, `2001:db8:1:2::${i}`);
      expect((await adminLogin(ADMIN.password, '2001:db8:1:2:ffff::99')).status).toBe(429);
      expect((await adminLogin(ADMIN.password, '2001:db8:1:3::1')).status).toBe(200);
    });

    it('the investor login: a stranger’s failures do not lock the investor out elsewhere', async () => {
      const attempt = (key: string, client: string) => h.call('POST', '/api/investors/login', { body: { email: INVESTOR.email, key }, client });
      for (let i = 1; i <= 4; i += 1) expect((await attempt(`nope-${i}`, ATTACKER)).status).toBe(401);
      expect((await attempt('nope-5', ATTACKER)).status).toBe(429);
      expect((await attempt(INVESTOR.key, OWNER_ELSEWHERE)).status).toBe(200);
      expect((await attempt(INVESTOR.key, ATTACKER)).status).toBe(429);
    });
  });

  describe('sign-in bodies', () => {
    const PATHS = ['/api/admin/login', '/api/investors/login'];

    it('a body over 8 KB is refused with 413 before it is read, with or without a Content-Length', async () => {
      for (const path of PATHS) {
        const big = JSON.stringify({ username: 'x', password: ' '.repeat(20_000) });
        const declared = await h.call('POST', path, { raw: big });
        expect(declared.status).toBe(413);
        expect(await errorOf(declared)).toBe('The body is larger than 8 KB');

        const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
        let pulled = 0;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            pulled += 1;
            if (pulled > 8) controller.close();
            else controller.enqueue(chunk);
          },
        });
        const streamed = await h.app.request(`${SITE}${path}`, {
          method: 'POST',
          headers: { origin: SITE, 'content-type': 'application/json', 'x-test-client': '198.51.100.7' },
          body: stream,
          duplex: 'half',
        } as RequestInit);
        expect(streamed.status).toBe(413);
        // Refused once past 8 KB: the rest of the 128 KB was never asked for.
        expect(pulled).toBeLessThan(4);
      }
      // A sign-in of the largest allowed fields still fits.
      expect((await h.call('POST', '/api/admin/login', { body: { username: 'é'.repeat(1024), password: 'é'.repeat(1024) } })).status).toBe(401);
    });

    it(
      'a locked address is refused before its body is parsed',
      async () => {
        for (const path of PATHS) {
          const idKey = path.includes('admin') ? 'username' : 'email';
          const secretKey = path.includes('admin') ? 'password' : 'key';
          for (let i = 0; i < 20; i += 1) {
            await h.call('POST', path, { body: { [idKey]: `person${i % 5}@garlicbrothers.example`, [secretKey]: `guess-${i}` }, client: ATTACKER });
          }
          // Not JSON at all: parsed, it would be a 400.
          const response = await h.call('POST', path, { raw: '{"not json', client: ATTACKER });
          expect(response.status).toBe(429);
          expect((await h.call('POST', path, { raw: '{"not json', client: OWNER_ELSEWHERE })).status).toBe(400);
        }
      },
      MANY_SIGN_INS_MS,
    );
  });
}
