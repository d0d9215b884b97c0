/**
 * The investor portal in server mode (`npm start`): the business plan highlights, use of funds and
 * documents come from the server, to an investor signed in there only. A browser whose flag says
 * signed in but whose server session does not exist is sent to the login; a wrong key is refused
 * by the server with the usual message; the right pair starts the session and the dashboard shows
 * the server's copy; signing out ends the session on the server too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadInvestorPortal } from '../../src/build/content/load';
import { hydrated, openPage, useBrowser } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { INVESTOR_FAILED, KEY, loginAlert, stored, submitLogin } from './support/portal';
import { getFrom, useServerSite } from './support/server-mode';

const getBrowser = useBrowser();
const site = useServerSite();

const DOCUMENTS = '/api/investors/documents';
const portal = loadInvestorPortal();

/** What the server answers this context (its cookies) for the documents, as a script on the page would ask. */
async function documentsStatus(page: Page): Promise<number> {
  return (await getFrom(page, site.origin() + DOCUMENTS)).status();
}

describe('the investor portal served by the site’s own server', () => {
  it('serves its documents to a signed-in investor only, and ends the session on sign-out', async () => {
    const watched = await openPage(getBrowser());
    const { page } = watched;
    const login = `${site.origin()}/investors/login?next=/investors`;

    // Signed out on the server: the documents are refused.
    expect(await documentsStatus(page)).toBe(401);

    // A browser flag without a server session (set by hand here) does not open the dashboard:
    // the server's 401 signs this browser out and the guard sends it to the login.
    await page.goto(`${site.origin()}/investors/login`);
    await page.evaluate((key) => localStorage.setItem(key, 'true'), KEY.investorAuth);
    await page.goto(`${site.origin()}/investors`);
    await page.waitForURL(login);
    expect(await stored(page, KEY.investorAuth)).toBe('false');
    expect(await page.getByRole('heading', { name: 'Business plan highlights' }).count()).toBe(0);

    // The server checks the pair.
    await hydrated(page);
    await submitLogin(page, TEST_CREDENTIALS.INVESTOR_EMAIL, `${TEST_CREDENTIALS.INVESTOR_KEY}x`);
    expect(await loginAlert(page)).toBe(INVESTOR_FAILED);
    expect(await documentsStatus(page)).toBe(401);

    await submitLogin(page, TEST_CREDENTIALS.INVESTOR_EMAIL, TEST_CREDENTIALS.INVESTOR_KEY);
    await page.waitForURL(`${site.origin()}/investors`);
    const highlights = page.getByRole('region', { name: 'Business plan highlights' });
    await highlights.waitFor();
    expect(await stored(page, KEY.investorAuth)).toBe('true');
    // The session is an HttpOnly cookie the page's script cannot read.
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'gb_investor' && cookie.httpOnly)).toBe(true);
    expect(await documentsStatus(page)).toBe(200);

    // The server's copy, as content/investors/portal.md has it.
    expect(await highlights.getByRole('listitem').allTextContents()).toEqual(portal.highlights.map((item) => `${item.title}. ${item.text}`));
    const funds = page.getByRole('region', { name: 'Use of funds' });
    expect(await funds.locator('p').first().textContent()).toBe(portal.useOfFunds.intro);
    expect(await funds.getByRole('listitem').allTextContents()).toEqual(portal.useOfFunds.items.map((item) => `${item.title}: ${item.text}`));
    const documents = page.getByRole('region', { name: 'Investor documents' });
    expect(await documents.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      portal.documents.items.map((item) => item.href),
    );
    expect(await page.getByRole('region', { name: 'Investor materials' }).count()).toBe(0);

    // Sign-out ends the server session, not only this browser's flag.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/investors/login');
    expect(await stored(page, KEY.investorAuth)).toBe('false');
    expect(await documentsStatus(page)).toBe(401);

    // The two refusals the page itself met: the documents without a session, and the wrong key.
    expect(watched.problems).toEqual([`HTTP 401: ${site.origin()}${DOCUMENTS}`, `HTTP 401: ${site.origin()}/api/investors/login`]);
  });
});
