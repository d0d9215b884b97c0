/**
 * The owner's account through the API, written once and run on every database the server supports
 * (accounts.pglite.test.ts, accounts.postgres.test.ts): no other account can remove the owner's or
 * plant an account of its own. The client's address is the harness's x-test-client header.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ensureSettingsAccount, removeAccount } from '../../src/server/auth/accounts';
import type { Store } from '../../src/server/db/connect';
import { ADMIN, createHarness, resetTables, TEST_COST, type Harness } from './harness';

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

    it('the list says which account is the owner’s, to every account', async () => {
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
}
