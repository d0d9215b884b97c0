/**
 * The morning digest end to end: the server as `npm start` runs it (the server-mode build, the real
 * process, PGlite), e-mailing an SMTP server on loopback, with its clock set by TEST_CLOCK_START so
 * the team's morning comes when the test says. Bengaluru's team (TEAM_TIME_ZONE Asia/Kolkata,
 * DIGEST_HOUR 4): at 04:15 there on Monday 15 March it is still Sunday in UTC, and Anna's digest
 * is the 15th's, listing her lead due that day and her overdue one, not the one due on the 16th.
 * Restarted later that day the server sends no second one; the next morning's comes, once.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMailSink, type MailSink } from '../server/mail-sink';
import { openPage, useBrowser } from './support/browser';
import { TEST_CREDENTIALS } from './support/env';
import { formCase, sendValid } from './support/lead-forms';
import { addColleagueAt, useServerSite } from './support/server-mode';
import { EVENT_WAIT_MS } from './support/waits';

const browser = useBrowser();
const ANNA = 'anna@garlicbrothers.example';

let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(async () => {
  await sink?.stop();
});

/** The server's clock at its next start. */
let clock = '2027-03-14T20:00:00.000Z';

async function signIn(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ username: TEST_CREDENTIALS.ADMIN_USERNAME, password: TEST_CREDENTIALS.ADMIN_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const digests = () => sink.messages.filter((mail) => mail.to.includes(ANNA) && (mail.headers.get('subject') ?? '').startsWith('Follow-ups for '));

describe('the morning digest from the running server', () => {
  const site = useServerSite(() => ({
    TEST_CLOCK_START: clock,
    TEAM_TIME_ZONE: 'Asia/Kolkata',
    DIGEST_HOUR: '4',
    SMTP_URL: sink.url,
    LEAD_NOTIFY_TO: 'sales@garlicbrothers.example',
    LEAD_NOTIFY_FROM: 'leads@garlicbrothers.example',
  }));
  const contact = formCase('/contact');

  test('the owner gets one digest a morning of the team’s day: due and overdue follow-ups, not later ones', async () => {
    const origin = site.origin();
    const visitor = await openPage(browser());
    const [due, overdue, later] = [
      await sendValid(visitor.page, origin, contact, { Company: 'Due Today Foods' }, { asPerson: true }),
      await sendValid(visitor.page, origin, contact, { Company: 'Overdue Spices' }, { asPerson: true }),
      await sendValid(visitor.page, origin, contact, { Company: 'Next Week Trading' }, { asPerson: true }),
    ];
    await addColleagueAt(origin, ANNA);
    const cookie = await signIn(origin);
    for (const [id, followUp] of [
      [due, '2027-03-15'],
      [overdue, '2027-03-10'],
      [later, '2027-03-16'],
    ] as const) {
      const changed = await fetch(`${origin}/api/admin/leads/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify({ assignedTo: ANNA, followUp }),
      });
      expect(changed.status, await changed.clone().text()).toBe(200);
    }
    // Her three "yours now" e-mails went out; 01:30 in Bengaluru is before the digest's hour.
    await expect.poll(() => sink.messages.filter((mail) => mail.to.includes(ANNA)).length, { timeout: EVENT_WAIT_MS }).toBe(3);
    expect(digests()).toEqual([]);

    // 22:45 UTC on Sunday the 14th is 04:15 on Monday the 15th in Bengaluru.
    clock = '2027-03-14T22:45:00.000Z';
    await site.restart();
    await expect.poll(() => digests().length, { timeout: EVENT_WAIT_MS }).toBe(1);
    const [first] = digests();
    expect(first?.headers.get('subject')).toBe('Follow-ups for Mon, 15 Mar 2027: 2 leads due');
    expect(first?.text).toContain(`${overdue} (overdue since Wed, 10 Mar 2027): `);
    expect(first?.text).toContain(`${due} (due today): `);
    expect(first?.text).toContain(`/admin?lead=${due}#buyers-leads`);
    expect(first?.text).not.toContain(later);

    // Later the same day, a restart sends nothing more; the next morning's digest comes, with the lead due then.
    clock = '2027-03-15T06:00:00.000Z';
    await site.restart();
    clock = '2027-03-15T23:00:00.000Z';
    await site.restart();
    await expect.poll(() => digests().length, { timeout: EVENT_WAIT_MS }).toBe(2);
    expect(digests().map((mail) => mail.headers.get('subject'))).toEqual([
      'Follow-ups for Mon, 15 Mar 2027: 2 leads due',
      'Follow-ups for Tue, 16 Mar 2027: 3 leads due',
    ]);
    expect(digests()[1]?.text).toContain(`${later} (due today): `);
    const listed = await fetch(`${site.origin()}/api/admin/notices`, { headers: { cookie: await signIn(site.origin()) } });
    const notices = ((await listed.json()) as { notices: { kind: string; recipient: string; day: string; state: string }[] }).notices;
    expect(notices.filter((notice) => notice.kind === 'digest').map(({ recipient, day, state }) => ({ recipient, day, state }))).toEqual([
      { recipient: ANNA, day: '2027-03-16', state: 'sent' },
      { recipient: ANNA, day: '2027-03-15', state: 'sent' },
    ]);
    expect(visitor.problems).toEqual([]);
  });
});
