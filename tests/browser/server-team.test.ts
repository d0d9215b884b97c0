/**
 * The Team section in server mode (`npm start`): the first admin (ADMIN_USERNAME) adds a colleague
 * by e-mail address, gets the generated password once with a working copy button, the colleague
 * signs in with it in another browser, and once the first admin removes the account (behind the
 * confirmation) the colleague's session answers 401 at once. The new account is sales: it is not
 * shown the team, posts, insight or "Clear all", and the server refuses them with its reason; the
 * owner makes it an admin in its Role, and it then sees the team. Nobody is offered to remove
 * themselves, and the colleague is offered neither adding nor removing an account nor setting a
 * role: only the owner (ADMIN_USERNAME's account) may.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage, useBrowser } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { submitLogin } from './support/portal';
import { getFrom, useServerSite } from './support/server-mode';

const getBrowser = useBrowser();
const site = useServerSite();

const COLLEAGUE = 'priya@garlicbrothers.example';

const team = (page: Page) => page.getByRole('region', { name: /^Team/ });

/** What the server answers the page's context (its cookies) for the admin's leads. */
async function leadsStatus(page: Page): Promise<number> {
  return (await getFrom(page, `${site.origin()}/api/admin/leads`)).status();
}

describe('the Team section served by the site’s own server', () => {
  it('adds an account whose one-time password signs in, and removing it ends that session at once', async () => {
    const { page, problems } = await openPage(getBrowser(), { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(`${site.origin()}/admin/login?next=/admin`);
    await hydrated(page);
    expect(await page.getByLabel('E-mail or username', { exact: true }).count()).toBe(1);
    await submitLogin(page, TEST_CREDENTIALS.ADMIN_USERNAME, TEST_CREDENTIALS.ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin');

    const section = team(page);
    await section.getByRole('listitem').first().waitFor();
    const members = section.locator('.team-member');
    expect(await members.count()).toBe(1);
    expect(await members.first().textContent()).toContain(`${TEST_CREDENTIALS.ADMIN_USERNAME} (you)`);
    expect(await members.first().textContent()).toContain('from the server’s settings (ADMIN_USERNAME)');
    // Nobody is offered to remove their own account.
    expect(await section.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    // An address that is not one is refused in the form, with the server's words.
    await section.getByLabel('New colleague’s e-mail address').fill('priya');
    await section.getByRole('button', { name: 'Add account' }).click();
    await expect.poll(() => section.locator('.field-error').textContent()).toContain('is not an e-mail address');

    await section.getByLabel('New colleague’s e-mail address').fill(COLLEAGUE);
    await section.getByRole('button', { name: 'Add account' }).click();
    const shown = page.getByRole('region', { name: `Password for ${COLLEAGUE}` });
    await shown.waitFor();
    // The password's heading takes the focus, so it is read out.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Password for ${COLLEAGUE}`);
    const password = ((await shown.locator('.team-password-value').textContent()) ?? '').trim();
    expect(password).toMatch(/^[\w-]{24}$/);
    await shown.getByRole('button', { name: 'Copy password' }).click();
    await expect.poll(() => shown.getByRole('status').textContent()).toBe('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
    await expect.poll(() => members.count()).toBe(2);
    expect(await members.nth(1).textContent()).toContain(`by ${TEST_CREDENTIALS.ADMIN_USERNAME}`);
    await shown.getByRole('button', { name: 'Done' }).click();
    expect(await shown.count()).toBe(0);

    // The colleague signs in with it, in a browser of their own.
    const colleague = (await openPage(getBrowser())).page;
    await colleague.goto(`${site.origin()}/admin/login?next=/admin`);
    await hydrated(colleague);
    await submitLogin(colleague, COLLEAGUE.toUpperCase(), password);
    await colleague.waitForURL((url) => url.pathname === '/admin');
    expect(await leadsStatus(colleague)).toBe(200);
    // A new account is sales: the desk is there, the team, posts, insight and "Clear all" are not
    // offered, and the server refuses them with its reason.
    await colleague.locator('#buyers-leads .admin-section-head').waitFor();
    await colleague.getByRole('region', { name: /^Job applications/ }).waitFor();
    for (const name of [/^Team/, /^Blog posts/, /^A\/B experiments/, /^Field data/]) expect(await colleague.getByRole('region', { name }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: 'Clear all' }).count()).toBe(0);
    for (const [method, path] of [
      ['GET', '/api/admin/accounts'],
      ['POST', '/api/admin/posts'],
      ['DELETE', '/api/admin/leads?type=jobApplications'],
    ] as const) {
      const refused = await colleague.request.fetch(`${site.origin()}${path}`, {
        method,
        headers: { origin: site.origin() },
        data: method === 'POST' ? {} : undefined,
      });
      expect(refused.status(), path).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        new RegExp(`^Only an admin account may .+: ${COLLEAGUE.replace(/\./g, '\\.')} is a sales account`),
      );
    }

    // The owner makes them an admin; at their next load they see the team, the list only.
    await section.getByLabel(`Role of ${COLLEAGUE}`).selectOption('admin');
    await expect
      .poll(() => section.locator('.admin-status').first().textContent())
      .toBe(`${COLLEAGUE} is now an admin: they also manage the team, posts and clearing, from their next click.`);
    await colleague.reload();
    await hydrated(colleague);
    const theirTeam = team(colleague);
    await theirTeam.locator('.team-member').nth(1).waitFor();
    expect(await theirTeam.locator('.team-member').nth(1).textContent()).toContain(`${COLLEAGUE} (you)`);
    expect(await theirTeam.locator('.team-member').first().textContent()).toContain(`${TEST_CREDENTIALS.ADMIN_USERNAME} (owner)`);
    expect(await theirTeam.getByText(`Only the owner, ${TEST_CREDENTIALS.ADMIN_USERNAME}, adds and removes accounts and sets their roles.`).count()).toBe(1);
    expect(await theirTeam.getByLabel(`Role of ${COLLEAGUE}`).count()).toBe(0);
    expect(await theirTeam.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await theirTeam.getByRole('button', { name: 'Add account' }).count()).toBe(0);

    // Removed behind the confirmation: the colleague's session ends at once.
    await section.getByRole('button', { name: `Remove ${COLLEAGUE}` }).click();
    await section.getByRole('button', { name: 'Remove account' }).click();
    await expect.poll(() => section.locator('.admin-status').first().textContent()).toBe(`Removed ${COLLEAGUE}; they were signed out at once.`);
    await expect.poll(() => members.count()).toBe(1);
    expect(await leadsStatus(colleague)).toBe(401);
    expect(await leadsStatus(page)).toBe(200);
    // The one refusal in the form is the only failed request of the owner's page.
    expect(problems).toEqual([`HTTP 400: ${site.origin()}/api/admin/accounts`]);
  });
});
