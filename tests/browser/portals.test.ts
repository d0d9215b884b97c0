/**
 * The admin and investor portals on the built site: guarded routes send signed-out visitors to
 * their login page and back, wrong credentials get a generic message, five failures in a row lock
 * the portal, logout signs out; on the dashboard a status update stamps reviewedAt, notes change
 * only when new notes are given, one or all records can be deleted, and the CSV export holds the
 * submissions, correctly escaped. The investor dashboard of this static build (no server) says
 * where its confidential parts are, and no file of the build holds that copy.
 */
import fs from 'node:fs';
import { join, relative } from 'node:path';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { baseUrl, hydrated, openPage, reusedTab, useBrowser, visit } from './support/browser';
import { GATE } from './support/env';
import { formCase, sendValid } from './support/lead-forms';
import { content } from './support/site';
import { ADMIN_FAILED, INVESTOR_FAILED, KEY, collectionKey, loginAlert, signInAdmin, stored, storedList, submitLogin } from './support/portal';

const browser = useBrowser();
/** The tab most tests here use, a new visitor's each time (see reusedTab). */
const visitor = reusedTab(browser);

const { ADMIN_USERNAME, ADMIN_PASSWORD, INVESTOR_EMAIL, INVESTOR_KEY } = GATE;
const LOCKED = /^Too many failed attempts\. Try again in (\d+) seconds?\.$/;
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const careers = formCase('/careers');

async function adminButton(page: Page): Promise<string> {
  const link = page.getByRole('banner').getByRole('link', { name: /^Admin (Login|Dashboard)$/ });
  return ((await link.textContent()) ?? '').trim();
}

/**
 * Records the page's navigations from now on; the returned function gives their paths once the
 * page has settled (a sign-out's guard could start a second one a moment after the first).
 */
function navigationsFrom(page: Page): () => Promise<string[]> {
  const paths: string[] = [];
  const record = (request: Request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    const url = new URL(request.url());
    paths.push(url.pathname + url.search);
  };
  page.on('request', record);
  return async () => {
    // Settled: the page it ended on has loaded and started its runtime, so the page it left (the
    // only one that could have started another navigation) is gone.
    await page.waitForLoadState('load');
    await hydrated(page);
    page.off('request', record);
    return paths;
  };
}

describe('guarded routes', () => {
  it('/admin sends a signed-out visitor to /admin/login?next=/admin and returns there after login', async () => {
    // With motion, as most visitors have it: the redirect and the sign-in run the pages' cross-fade.
    const watched = await openPage(browser(), { reducedMotion: 'no-preference' });
    const { page } = watched;
    await visit(watched, '/admin');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(path(page)).toBe('/admin/login?next=/admin');
    expect(await page.getByText('Review job and partnership applications').count()).toBe(0);
    await signInAdmin(page);
    expect(path(page)).toBe('/admin');
    expect(await page.getByRole('heading', { name: /^Job applications/ }).count()).toBe(1);
    expect(await stored(page, KEY.adminAuth)).toBe('true');
    // Signed in, a reload stays on the dashboard.
    await visit(watched, '/admin');
    expect(await page.getByRole('heading', { name: /^Job applications/ }).count()).toBe(1);
    expect(path(page)).toBe('/admin');
    // And the login page offers the dashboard above its form.
    await visit(watched, '/admin/login');
    const dashboard = page.locator('.login-notice').getByRole('link', { name: 'Open the dashboard' });
    await dashboard.waitFor();
    expect(await dashboard.getAttribute('href')).toBe('/admin');
    expect(watched.problems).toEqual([]);
  });

  it('/investors sends a signed-out visitor to /investors/login?next=/investors and returns there after login', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/investors');
    await page.waitForURL((url) => url.pathname === '/investors/login');
    expect(path(page)).toBe('/investors/login?next=/investors');
    expect(await page.getByRole('heading', { name: 'Company at a glance' }).count()).toBe(0);
    await submitLogin(page, INVESTOR_EMAIL, INVESTOR_KEY);
    await page.waitForURL((url) => url.pathname === '/investors');
    await page.getByRole('heading', { name: 'Company at a glance' }).waitFor();
    expect(await stored(page, KEY.investorAuth)).toBe('true');

    // No server serves this build: the confidential sections give way to a note saying where they are.
    const materials = page.getByRole('region', { name: 'Investor materials' });
    await materials.waitFor();
    expect(await materials.textContent()).toContain(
      'The business plan highlights, the use of funds and the investor documents are not part of this website’s public files.',
    );
    expect(await materials.getByRole('link').getAttribute('href')).toMatch(/^mailto:[^?]+\?subject=Investor%20relations%20enquiry$/);
    for (const heading of ['Business plan highlights', 'Use of funds', 'Investor documents'])
      expect(await page.getByRole('heading', { name: heading }).count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'Loading the business plan' }).count()).toBe(0);
    // The public parts stay.
    expect(await page.getByRole('heading', { name: 'Investor relations' }).count()).toBe(1);
    expect(await page.getByText('Important information').count()).toBe(1);
    // Signed in, the login page offers the dashboard above its form.
    await visit(watched, '/investors/login');
    const dashboard = page.locator('.login-notice').getByRole('link', { name: 'Open the investor dashboard' });
    await dashboard.waitFor();
    expect(await dashboard.getAttribute('href')).toBe('/investors');
    expect(watched.problems).toEqual([]);
  });
});

describe('the investor dashboard when the server fails', () => {
  it('shows what failed in an alert that takes the focus, and Retry asks again', async () => {
    const watched = await visitor();
    const { page } = watched;
    // This build has no server: one is played here, failing once and then answering.
    await page.route('**/api/health', (route) => route.fulfill({ json: { ok: true, db: 'pglite' } }));
    let asked = 0;
    await page.route('**/api/investors/documents', (route) => {
      asked += 1;
      if (asked === 1) return route.fulfill({ status: 503, json: { error: 'The database does not answer' } });
      return route.fulfill({
        json: {
          highlights: [{ title: 'Played highlight', text: 'From the played server.' }],
          useOfFunds: { intro: 'Played intro.', items: [{ title: 'Played area', text: 'played text.' }] },
          documents: { items: [{ title: 'Played document', href: '/products', text: 'Played summary.' }], note: 'Played note.' },
        },
      });
    });
    await visit(watched, '/investors/login');
    await page.evaluate((key) => localStorage.setItem(key, 'true'), KEY.investorAuth);
    await visit(watched, '/investors');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.locator('p').textContent()).toBe('The investor documents could not be loaded: The database does not answer (error 503).');
    expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('region', { name: 'Business plan highlights' }).waitFor();
    expect(await page.getByRole('region', { name: 'Business plan highlights' }).getByRole('listitem').textContent()).toBe(
      'Played highlight. From the played server.',
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(asked).toBe(2);
    expect(watched.problems).toEqual([`HTTP 503: ${baseUrl()}/api/investors/documents`]);
  });
});

describe('the investor portal’s confidential copy', () => {
  function filesUnder(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
  }

  it(`is in no file of the static build (${DIST_DIR}): the server sends it, from content/investors/portal.md`, () => {
    const portal = content.investorPortal;
    // Every sentence of the highlights, the use of funds and the documents; short titles such as 'Team' are words any page may use.
    const sentences = [
      ...portal.highlights.flatMap((item) => [item.title, item.text]),
      portal.useOfFunds.intro,
      ...portal.useOfFunds.items.map((item) => item.text),
      ...portal.documents.items.map((item) => item.text),
      portal.documents.note,
    ];
    expect(sentences).toContain('Risks managed, not ignored');
    expect(sentences).toContain('raw garlic bought during the harvest season and credit terms for established customers.');
    const files = filesUnder(DIST_DIR).map((file) => ({ file: relative(DIST_DIR, file), text: fs.readFileSync(file).toString('utf8') }));
    // The search does find the dashboard's own code and its public headings.
    expect(files.filter(({ file }) => file.endsWith('.js')).length).toBeGreaterThan(10);
    expect(files.some(({ text }) => text.includes('Investor documents'))).toBe(true);
    const found = sentences.flatMap((sentence) => files.filter(({ text }) => text.includes(sentence)).map(({ file }) => `${file}: ${sentence}`));
    expect(found).toEqual([]);
  });
});

describe('the login pages', () => {
  it.each([
    ['/admin/login', 'Admin Login'],
    ['/investors/login', 'Investor Login'],
  ])('%s has the breadcrumb Home › %s, with no crumb leading back to itself through its portal', async (url, label) => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, url);
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await trail.getByRole('listitem').allTextContents()).toEqual(['Home', label]);
    expect(await trail.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['/']);
    // The structured data says the same.
    const crumbs = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}') as { '@type': string; itemListElement?: { name: string }[] }));
    expect(crumbs.find((thing) => thing['@type'] === 'BreadcrumbList')?.itemListElement?.map((item) => item.name)).toEqual(['Home', label]);
    expect(watched.problems).toEqual([]);
  });
});

describe('sign-in', () => {
  it.each([
    ['/investors/login', INVESTOR_EMAIL, INVESTOR_KEY, '/investors'],
    ['/admin/login', ADMIN_USERNAME, ADMIN_PASSWORD, '/admin'],
  ])('%s keeps what a password manager filled in before the form’s script ran, and signs in with it', async (url, first, second, dashboard) => {
    const { page, problems } = await openPage(browser());
    // The page's scripts wait until the fields are filled, as on a slow network.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(baseUrl() + url, { waitUntil: 'domcontentloaded' });
    // As a password manager fills: the browser's own value setter, then input and change events.
    await page.evaluate(
      ([firstValue, secondValue]) => {
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        const fields = document.querySelectorAll<HTMLInputElement>('main form input');
        [firstValue, secondValue].forEach((value, index) => {
          setValue.call(fields[index], value);
          fields[index].dispatchEvent(new Event('input', { bubbles: true }));
          fields[index].dispatchEvent(new Event('change', { bubbles: true }));
        });
      },
      [first, second],
    );
    release();
    await hydrated(page);
    expect(await page.locator('main form input').evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value))).toEqual([first, second]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((address) => address.pathname === dashboard);
    expect(problems).toEqual([]);
  });

  it("wrong admin credentials show 'Invalid username or password' and persist signed out", async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/admin/login');
    await submitLogin(page, ADMIN_USERNAME, `${ADMIN_PASSWORD}x`);
    expect(await loginAlert(page)).toBe(ADMIN_FAILED);
    expect(await page.locator('.login-alert').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await stored(page, KEY.adminAuth)).toBe('false');
    // A wrong username with the right password gets the same message (nothing tells which was wrong).
    await submitLogin(page, 'admin', ADMIN_PASSWORD);
    expect(await loginAlert(page)).toBe(ADMIN_FAILED);
    // The password is exact: another case fails.
    await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD.toLowerCase());
    expect(await loginAlert(page)).toBe(ADMIN_FAILED);
    expect(path(page)).toBe('/admin/login');
    expect(watched.problems).toEqual([]);
  });

  it("wrong investor credentials show 'Invalid e-mail or access key'; the e-mail is case-insensitive, the key exact", async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/investors/login');
    await submitLogin(page, INVESTOR_EMAIL, INVESTOR_KEY.toUpperCase());
    expect(await loginAlert(page)).toBe(INVESTOR_FAILED);
    await submitLogin(page, 'someone.else@garlicbrothers.example', INVESTOR_KEY);
    expect(await loginAlert(page)).toBe(INVESTOR_FAILED);
    expect(await stored(page, KEY.investorAuth)).toBe('false');

    await submitLogin(page, `  ${INVESTOR_EMAIL.toUpperCase()} `, INVESTOR_KEY);
    await page.waitForURL((url) => url.pathname === '/investors');
    await page.getByRole('heading', { name: 'Company at a glance' }).waitFor();
    expect(await stored(page, KEY.investorAuth)).toBe('true');
    expect(watched.problems).toEqual([]);
  });

  it('after 5 failures in a row, refuses even the right password for 30 s, also after a reload', async () => {
    // The page's clock stands still at T0 and moves only when the test moves it: what is measured
    // is the lock's own 30 s, never how long this machine took between two steps.
    const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
    const watched = await openPage(browser());
    const { page } = watched;
    await page.clock.setFixedTime(T0);
    await visit(watched, '/admin/login?next=/admin');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await submitLogin(page, ADMIN_USERNAME, `wrong-${attempt}`);
      expect(await loginAlert(page), `attempt ${attempt}`).toBe(ADMIN_FAILED);
    }
    await submitLogin(page, ADMIN_USERNAME, 'wrong-5');
    expect(await loginAlert(page)).toBe('Too many failed attempts. Try again in 30 seconds.');
    const entry = JSON.parse((await stored(page, KEY.loginFailures)) ?? 'null') as { admin: { failures: number; lockedUntil: number } };
    expect(entry.admin.lockedUntil).toBe(T0 + 30_000);

    await page.clock.setFixedTime(T0 + 10_000);
    await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(await loginAlert(page)).toBe('Too many failed attempts. Try again in 20 seconds.');
    expect(path(page)).toBe('/admin/login?next=/admin');
    expect(await stored(page, KEY.adminAuth)).toBe('false');

    // The count is kept in storage, so a reload does not unlock; nor does the lock's last second.
    await visit(watched, '/admin/login?next=/admin');
    await page.clock.setFixedTime(T0 + 29_500);
    await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    expect(await loginAlert(page)).toMatch(LOCKED);
    expect(await stored(page, KEY.adminAuth)).toBe('false');

    // The other portal is not locked by the admin's failures.
    const investor = await page.context().newPage();
    await investor.goto(`${baseUrl()}/investors/login`);
    await hydrated(investor);
    await submitLogin(investor, INVESTOR_EMAIL, 'wrong');
    expect(await loginAlert(investor)).toBe(INVESTOR_FAILED);

    // Once the 30 s are over, the right password works.
    await page.clock.setFixedTime(T0 + 30_000);
    await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin');
    expect(await stored(page, KEY.adminAuth)).toBe('true');
    // Success starts the count over.
    expect(JSON.parse((await stored(page, KEY.loginFailures)) ?? 'null').admin).toEqual({ failures: 0, lockedUntil: 0 });
    expect(watched.problems).toEqual([]);
  });

  it("admin logout signs out: the header shows 'Admin Login' again and /admin is guarded", async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/about');
    expect(await adminButton(page)).toBe('Admin Login');
    await signInAdmin(page);
    await visit(watched, '/about');
    expect(await adminButton(page)).toBe('Admin Dashboard');

    await visit(watched, '/admin');
    const leaving = navigationsFrom(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await stored(page, KEY.adminAuth)).toBe('false');
    expect(await leaving(), 'one navigation, not a second one cancelling the first').toEqual(['/admin/login']);
    await page.getByRole('link', { name: 'View Site' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => adminButton(page)).toBe('Admin Login');
    await visit(watched, '/admin');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(watched.problems).toEqual([]);
  });

  it('investor sign-out signs out and /investors is guarded again', async () => {
    const watched = await visitor();
    const { page } = watched;
    await visit(watched, '/investors/login');
    await submitLogin(page, INVESTOR_EMAIL, INVESTOR_KEY);
    await page.getByRole('heading', { name: 'Company at a glance' }).waitFor();
    // The dashboard is pre-rendered, so its heading shows before the page's script has started.
    await hydrated(page);
    const leaving = navigationsFrom(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/investors/login');
    expect(await stored(page, KEY.investorAuth)).toBe('false');
    expect(await leaving(), 'one navigation, not a second one cancelling the first').toEqual(['/investors/login']);
    await visit(watched, '/investors');
    await page.waitForURL((url) => url.pathname === '/investors/login');
    expect(watched.problems).toEqual([]);
  });
});

/** The card of one record in the job applications section. */
const jobCard = (page: Page, reference: string): Locator => page.locator(`#job-applications [data-record-id="${reference}"]`);

interface StoredApplication {
  id: string;
  status: string;
  appliedAt: string;
  reviewedAt: string | null;
  notes: string;
}

async function storedApplication(page: Page, reference: string): Promise<StoredApplication | undefined> {
  return (await storedList<StoredApplication>(page, collectionKey('jobApplications'))).find((r) => r.id === reference);
}

async function review(card: Locator, status: string, notes?: string) {
  await card.getByLabel('Status').selectOption({ label: status });
  if (notes !== undefined) await card.getByLabel('Notes').fill(notes);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => card.getByRole('status').textContent()).toBe('Saved.');
}

describe('admin dashboard', () => {
  it('a status update stamps reviewedAt (shown on the card) and replaces the notes only when new notes are given', async () => {
    const watched = await visitor();
    const { page } = watched;
    const reference = await sendValid(page, baseUrl(), careers);
    await signInAdmin(page);
    const card = jobCard(page, reference);
    expect(await card.getByText('Not reviewed yet').count()).toBe(1);

    const before = Date.now();
    await review(card, 'Shortlisted', 'Strong HACCP background; call on Monday.');
    let record = await storedApplication(page, reference);
    expect(record).toMatchObject({ status: 'shortlisted', notes: 'Strong HACCP background; call on Monday.' });
    const firstReview = Date.parse(record?.reviewedAt ?? '');
    expect(firstReview).toBeGreaterThanOrEqual(before - 1000);
    expect(firstReview).toBeLessThanOrEqual(Date.now());
    expect(await card.locator('.status-badge').textContent()).toBe('Shortlisted');
    const stamp = card.getByText(/^Last reviewed/);
    expect(await stamp.locator('time').getAttribute('datetime')).toBe(record?.reviewedAt);
    expect(await card.getByText('Not reviewed yet').count()).toBe(0);

    // A status change alone keeps the notes, and stamps a new reviewedAt.
    // The page's clock past the first stamp, so a new stamp can be told from it.
    await page.waitForFunction((since) => Date.now() > since, firstReview);
    await review(card, 'Accepted');
    record = await storedApplication(page, reference);
    expect(record).toMatchObject({ status: 'accepted', notes: 'Strong HACCP background; call on Monday.' });
    expect(Date.parse(record?.reviewedAt ?? '')).toBeGreaterThan(firstReview);
    expect(await card.locator('.status-badge').textContent()).toBe('Accepted');

    // New notes replace the old ones.
    await review(card, 'Accepted', 'Offer sent.');
    expect((await storedApplication(page, reference))?.notes).toBe('Offer sent.');

    // All of it survives a reload.
    await visit(watched, '/admin');
    expect(await jobCard(page, reference).locator('.status-badge').textContent()).toBe('Accepted');
    expect(await jobCard(page, reference).getByLabel('Notes').inputValue()).toBe('Offer sent.');
    expect(watched.problems).toEqual([]);
  });

  it('a status change does not overwrite notes written meanwhile in another tab', async () => {
    const watched = await visitor();
    const { page } = watched;
    const reference = await sendValid(page, baseUrl(), careers);
    await signInAdmin(page);
    const other = await page.context().newPage();
    await other.goto(`${baseUrl()}/admin`);
    await hydrated(other);

    await review(jobCard(other, reference), 'Reviewed', 'Checked references: good.');
    // The first tab follows the change; its own status change keeps those notes.
    await expect.poll(() => jobCard(page, reference).getByLabel('Notes').inputValue()).toBe('Checked references: good.');
    await review(jobCard(page, reference), 'Shortlisted');
    expect(await storedApplication(page, reference)).toMatchObject({ status: 'shortlisted', notes: 'Checked references: good.' });
    await expect.poll(() => jobCard(other, reference).getByLabel('Status').inputValue()).toBe('shortlisted');
    expect(watched.problems).toEqual([]);
  });

  it('deletes one application after confirmation, and clears all after confirmation', async () => {
    const watched = await visitor();
    const { page } = watched;
    const first = await sendValid(page, baseUrl(), careers, { 'Full name': 'Meera Iyer' });
    const second = await sendValid(page, baseUrl(), careers, { 'Full name': 'Arjun Rao' });
    await signInAdmin(page);
    const section = page.locator('#job-applications');
    const count = () => section.locator('.admin-count').textContent();
    expect(await count()).toBe('2');
    // Newest first.
    expect(await section.locator('[data-record-id]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-record-id')))).toEqual([second, first]);

    // Cancel keeps it.
    await jobCard(page, first).getByRole('button', { name: 'Delete', exact: true }).click();
    expect(await jobCard(page, first).getByText(`Delete job application ${first} from Meera Iyer? This cannot be undone.`).count()).toBe(1);
    await jobCard(page, first).getByRole('button', { name: 'Cancel' }).click();
    expect(await count()).toBe('2');

    await jobCard(page, first).getByRole('button', { name: 'Delete', exact: true }).click();
    await jobCard(page, first).getByRole('button', { name: 'Delete job application' }).click();
    await expect.poll(count).toBe('1');
    expect(await jobCard(page, first).count()).toBe(0);
    expect(await jobCard(page, second).count()).toBe(1);
    expect(await section.locator('.admin-status').textContent()).toBe(`Deleted job application ${first}.`);
    expect((await storedList(page, collectionKey('jobApplications'))).map((r) => r.id)).toEqual([second]);

    await section.getByRole('button', { name: 'Clear all' }).click();
    expect(await section.getByText(/^Delete all 1 job application\? This cannot be undone/).count()).toBe(1);
    await section.getByRole('button', { name: 'Cancel' }).click();
    expect(await count()).toBe('1');
    await section.getByRole('button', { name: 'Clear all' }).click();
    await section.getByRole('button', { name: 'Delete all job applications' }).click();
    await expect.poll(count).toBe('0');
    expect(await section.locator('.admin-status').textContent()).toBe('Deleted all job applications.');
    expect(await section.getByText('No job applications in this browser yet.').count()).toBe(1);
    expect(await stored(page, collectionKey('jobApplications'))).toBeNull();
    expect(watched.problems).toEqual([]);
  });

  it('exports the submissions as CSV, with a value holding a comma, a quote and a newline escaped', async () => {
    const watched = await visitor();
    const { page } = watched;
    const tricky = 'I said "yes, gladly" to night shifts,\nand I have led two FSSAI audits.';
    const first = await sendValid(page, baseUrl(), careers, { 'Full name': 'Kumar, Ravi', 'Cover letter': tricky });
    const second = await sendValid(page, baseUrl(), careers, { 'Full name': 'Arjun Rao' });
    await signInAdmin(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('#job-applications').getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^garlic-brothers-job-applications-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path()) ?? '', 'utf8');

    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('id,createdAt,status,appliedAt,reviewedAt,notes,name,email,phone,position,experience,location,cvUrl,coverLetter');
    // The quote is doubled and the cell quoted; its newline stays inside the quotes.
    expect(text).toContain(`,"Kumar, Ravi",`);
    expect(text).toContain(`,"I said ""yes, gladly"" to night shifts,\nand I have led two FSSAI audits."\r\n`);

    const rows = parseCsv(text.slice(1));
    expect(rows).toHaveLength(3);
    const [header, ...records] = rows;
    const byId = Object.fromEntries(records.map((row) => [row[0], Object.fromEntries(header.map((name, i) => [name, row[i]]))]));
    expect(records.map((row) => row[0])).toEqual([second, first]);
    const saved = await storedApplication(page, first);
    expect(byId[first]).toEqual({
      id: first,
      createdAt: saved?.appliedAt,
      // The status as the admin reads it, its label.
      status: 'Pending',
      appliedAt: saved?.appliedAt,
      reviewedAt: '',
      notes: '',
      name: 'Kumar, Ravi',
      email: 'ravi.kumar@mail.example',
      // A phone number as typed: it holds nothing a spreadsheet could run, and a CRM keeps it whole.
      phone: '+91 98450 12345',
      position: 'Quality Assurance Executive',
      experience: '4',
      location: 'Bengaluru, India',
      cvUrl: 'https://cv.example.com/ravi-kumar.pdf',
      coverLetter: tricky,
    });
    expect(await page.locator('#job-applications .admin-status').textContent()).toBe('Exported 2 job applications as CSV.');
    expect(watched.problems).toEqual([]);
  });
});

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks; rows end with CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
