/**
 * The beacon endpoints and the admin's reads of what they counted, run on every database the
 * server supports (src/server/beacons.pglite.test.ts, beacons.postgres.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assignVariant } from '../../src/shared/experiments/assign';
import { HOMEPAGE_CTA } from '../../src/shared/experiments/registry';
import { OTHER_ROUTE } from '../../src/server/beacons/known-routes';
import type { Store } from '../../src/server/db/connect';
import { createHarness, resetTables, SITE, type CallOptions, type Harness } from './harness';

const CLIENT = '203.0.113.77';

/** The n-th visitor id (counting from 0) that the head script assigns `variant`. */
const visitorOf = (() => {
  const found: Record<string, string[]> = {};
  let next = 0;
  return (variant: string, n = 0): string => {
    const ids = (found[variant] ??= []);
    while (ids.length <= n) {
      const id = next.toString(16).padStart(32, '0');
      next += 1;
      const assigned = assignVariant(HOMEPAGE_CTA, id);
      if (assigned) (found[assigned] ??= []).push(id);
    }
    return ids[n] as string;
  };
})();

const abEvent = (event: 'impression' | 'conversion', variant: string, visitor: number) => ({
  visitor: visitorOf(variant, visitor),
  events: [{ experiment: HOMEPAGE_CTA.id, variant, event }],
});
const impression = (variant = 'punchy', visitor = 0) => abEvent('impression', variant, visitor);
const conversion = (variant = 'punchy', visitor = 0) => abEvent('conversion', variant, visitor);
const vitals = (route = '/', metrics: { name: string; value: number }[] = [{ name: 'LCP', value: 1200 }], device = 'phone') => ({ route, device, metrics });

interface ExperimentsAnswer {
  experiments: { id: string; since: string | null; variants: { variant: string; impressions: number; conversions: number }[] }[];
}
interface FieldAnswer {
  from: string;
  to: string;
  days: number;
  rows: { route: string; device: string; views: number; metrics: Record<string, { p75: number; samples: number; rating: string }> }[];
}

export function beaconSuite(getStore: () => Store): void {
  let store: Store;
  let h: Harness;
  let cookie: string;

  /** A beacon as sendBeacon sends a string: text/plain, the site's Origin. */
  const beacon = (kind: 'ab' | 'vitals', body: unknown, options: CallOptions = {}) =>
    h.call('POST', `/api/beacons/${kind}`, { raw: JSON.stringify(body), contentType: 'text/plain;charset=UTF-8', client: CLIENT, ...options });

  const experiments = async () => {
    await h.beacons.flush();
    const response = await h.call('GET', '/api/admin/experiments', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as ExperimentsAnswer).experiments.find((e) => e.id === HOMEPAGE_CTA.id)!;
  };
  const fieldData = async () => {
    await h.beacons.flush();
    const response = await h.call('GET', '/api/admin/field-data', { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as FieldAnswer;
  };
  const rowCount = async (table: 'ab_daily' | 'vitals_daily' | 'ab_visitors') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(store.db)).rows[0]?.n);

  beforeEach(async () => {
    store = getStore();
    await resetTables(store);
    await sql`delete from ab_visitors`.execute(store.db);
    h = await createHarness(store);
    cookie = await h.signIn();
  });

  describe('POST /api/beacons/ab', () => {
    it('answers 204 and counts impressions and conversions per variant', async () => {
      for (const body of [impression('punchy', 0), impression('punchy', 1), impression('control'), conversion('punchy', 0)])
        expect((await beacon('ab', body)).status).toBe(204);
      const result = await experiments();
      expect(result.since).toBe('2026-03-02');
      expect(result.variants).toEqual([
        { variant: 'control', impressions: 1, conversions: 0 },
        { variant: 'punchy', impressions: 2, conversions: 1 },
      ]);
    });

    it('adds to one row per day and variant, however many beacons come', async () => {
      await Promise.all(Array.from({ length: 60 }, (_, i) => beacon('ab', impression('punchy', i))));
      await h.beacons.flush();
      h.clock.now = new Date('2026-03-03T00:00:01.000Z');
      await beacon('ab', impression('punchy', 60));
      // The day's session has ended by then.
      cookie = await h.signIn();
      const result = await experiments();
      expect(result.variants.find((v) => v.variant === 'punchy')?.impressions).toBe(61);
      expect(await rowCount('ab_daily')).toBe(2);
    });

    it('takes application/json too, and several events in one beacon', async () => {
      const body = { visitor: visitorOf('control'), events: [impression('control').events[0], conversion('control').events[0]] };
      expect((await beacon('ab', body, { contentType: 'application/json' })).status).toBe(204);
      expect((await experiments()).variants[0]).toEqual({ variant: 'control', impressions: 1, conversions: 1 });
    });

    it('refuses what the registry does not know, with a message', async () => {
      const visitor = visitorOf('punchy');
      const cases: [unknown, RegExp][] = [
        [{ visitor, events: [{ experiment: 'nope', variant: 'punchy', event: 'impression' }] }, /"events\[0\]\.experiment" must be one of homepage-cta-v1/],
        [{ visitor, events: [{ experiment: HOMEPAGE_CTA.id, variant: 'loud', event: 'impression' }] }, /"events\[0\]\.variant" must be one of control, punchy/],
        [
          { visitor, events: [{ experiment: HOMEPAGE_CTA.id, variant: 'punchy', event: 'click' }] },
          /"events\[0\]\.event" must be one of impression, conversion/,
        ],
        [{ visitor, events: [] }, /"events" must be a list of 1 to 10 entries/],
        [{ visitor, events: Array.from({ length: 11 }, () => impression().events[0]) }, /"events" must be a list of 1 to 10 entries/],
        [{ ...impression(), ip: '1.2.3.4' }, /Unknown field "ip" in the body/],
        [[1, 2], /the body must be a JSON object/],
      ];
      for (const [body, message] of cases) {
        const response = await beacon('ab', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(((await response.json()) as { error: string }).error).toMatch(message);
      }
      expect((await beacon('ab', null, { raw: '{"events": [' })).status).toBe(400);
      expect(await rowCount('ab_daily')).toBe(0);
    });
  });

  describe('POST /api/beacons/ab from forged pages', () => {
    it('refuses a beacon without the visitor id, or with a variant its visitor is not assigned', async () => {
      const cases: [unknown, RegExp][] = [
        [{ events: impression().events }, /"visitor" must be the visitor id the page keeps/],
        [{ ...impression(), visitor: 'abc' }, /"visitor" must be the visitor id the page keeps/],
        [{ ...impression(), visitor: 'ABCDEF'.repeat(6).slice(0, 32) }, /"visitor" must be the visitor id the page keeps/],
        [{ ...conversion('punchy'), visitor: visitorOf('control') }, /"events\[0\]\.variant" is not the variant of homepage-cta-v1 this visitor is assigned/],
      ];
      for (const [body, message] of cases) {
        const response = await beacon('ab', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(((await response.json()) as { error: string }).error).toMatch(message);
      }
      await h.beacons.flush();
      expect(await rowCount('ab_daily')).toBe(0);
    });

    it('counts a conversion only for a visitor with an impression of that variant, and once', async () => {
      // 5,092 conversions and 2 impressions, as forged before: conversions of visitors never seen,
      // and one seen visitor's conversion again and again.
      for (let i = 0; i < 2; i++) expect((await beacon('ab', impression('punchy', i))).status).toBe(204);
      const forged = [...Array.from({ length: 40 }, (_, i) => conversion('punchy', 100 + i)), ...Array.from({ length: 40 }, () => conversion('punchy', 0))];
      for (const body of forged) expect((await beacon('ab', body)).status).toBe(204);
      await h.beacons.flush();
      for (let i = 0; i < 20; i++) await beacon('ab', conversion('punchy', 0));
      // A conversion in the same beacon as its impression counts; a second impression of a visitor does not.
      await beacon('ab', { visitor: visitorOf('control', 3), events: [impression('control').events[0], conversion('control').events[0]] });
      await beacon('ab', impression('control', 3));
      const result = await experiments();
      expect(result.variants).toEqual([
        { variant: 'control', impressions: 1, conversions: 1 },
        { variant: 'punchy', impressions: 2, conversions: 1 },
      ]);
      for (const variant of result.variants) expect(variant.conversions).toBeLessThanOrEqual(variant.impressions);
    });

    it('adds a conversion to the day of its impression, so no day counts more conversions than impressions', async () => {
      await beacon('ab', impression('punchy', 0));
      await h.beacons.flush();
      h.clock.now = new Date('2026-03-05T09:00:00.000Z');
      await beacon('ab', conversion('punchy', 0));
      await beacon('ab', conversion('punchy', 1));
      await h.beacons.flush();
      const days = await sql<{ day: string; impressions: string; conversions: string }>`select to_char(day, 'YYYY-MM-DD') as day, impressions, conversions
        from ab_daily order by day`.execute(store.db);
      expect(days.rows.map((row) => [row.day, Number(row.impressions), Number(row.conversions)])).toEqual([['2026-03-02', 1, 1]]);
    });

    it('counts a conversion whose impression another server writes a moment later, on the same database', async () => {
      const other = await createHarness(store);
      expect((await beacon('ab', impression('punchy', 5))).status).toBe(204);
      expect(
        (await other.call('POST', '/api/beacons/ab', { raw: JSON.stringify(conversion('punchy', 5)), contentType: 'text/plain;charset=UTF-8' })).status,
      ).toBe(204);
      // The other server writes first: no impression yet, so its conversion waits for its next write.
      await other.beacons.flush();
      expect((await experiments()).variants.find((v) => v.variant === 'punchy')).toEqual({ variant: 'punchy', impressions: 1, conversions: 0 });
      await other.beacons.flush();
      expect((await experiments()).variants.find((v) => v.variant === 'punchy')).toEqual({ variant: 'punchy', impressions: 1, conversions: 1 });
      await other.beacons.close();
    });

    it('forgets the visitors of days older than 90 days and keeps their counts', async () => {
      h.clock.now = new Date('2025-12-01T12:00:00.000Z');
      await beacon('ab', impression('punchy', 0));
      await h.beacons.flush();
      h.clock.now = new Date('2026-03-02T12:00:00.000Z');
      await beacon('ab', impression('punchy', 1));
      await h.beacons.flush();
      await h.beacons.prune();
      expect(await rowCount('ab_visitors')).toBe(1);
      cookie = await h.signIn();
      expect((await experiments()).variants.find((v) => v.variant === 'punchy')?.impressions).toBe(2);
    });
  });

  describe('POST /api/beacons/vitals', () => {
    it('keeps a histogram per route, device and metric, and the admin reads its p75 against the thresholds', async () => {
      // Four phone views of /: LCP 1.0, 2.0, 2.4 and 6.0 s; p75 is the third, 2.4 s (good).
      for (const lcp of [1000, 2000, 2400, 6000]) {
        expect(
          (
            await beacon(
              'vitals',
              vitals('/', [
                { name: 'LCP', value: lcp },
                { name: 'CLS', value: 0 },
                { name: 'TTFB', value: 90 },
              ]),
            )
          ).status,
        ).toBe(204);
      }
      // /contact on a desktop: INP 700 ms, poor.
      await beacon('vitals', vitals('/contact', [{ name: 'INP', value: 700 }], 'desktop'));
      const data = await fieldData();
      expect(data).toMatchObject({ from: '2026-02-03', to: '2026-03-02', days: 28 });
      // Failing routes first.
      expect(data.rows.map((row) => `${row.route} ${row.device}`)).toEqual(['/contact desktop', '/ phone']);
      const home = data.rows[1]!;
      expect(home.views).toBe(4);
      expect(home.metrics.LCP?.samples).toBe(4);
      // Read from the bucket that holds 2.4 s, (2376, 2500] ms.
      expect(home.metrics.LCP?.p75).toBeGreaterThan(2376);
      expect(home.metrics.LCP?.p75).toBeLessThanOrEqual(2500);
      expect(home.metrics.LCP?.rating).toBe('good');
      expect(home.metrics.CLS).toMatchObject({ p75: 0, rating: 'good' });
      expect(data.rows[0]?.metrics.INP?.rating).toBe('poor');
    });

    it('counts the last 28 days only, and prunes what is older than 90 days', async () => {
      const at = async (iso: string, route: string) => {
        h.clock.now = new Date(iso);
        await beacon('vitals', vitals(route));
        await h.beacons.flush();
      };
      await at('2025-12-01T12:00:00.000Z', '/old');
      await at('2025-12-03T12:00:00.000Z', '/kept-but-not-shown');
      await at('2026-02-02T12:00:00.000Z', '/day-before-the-window');
      await at('2026-02-03T00:00:00.000Z', '/first-day-of-the-window');
      await at('2026-03-02T12:00:00.000Z', '/today');
      expect((await fieldData()).rows.map((row) => row.route).sort()).toEqual(['/first-day-of-the-window', '/today']);
      await h.beacons.prune();
      // 90 days with 2026-03-02: from 2025-12-03 on.
      const routes = (await sql<{ route: string }>`select distinct route from vitals_daily order by route`.execute(store.db)).rows.map((r) => r.route);
      expect(routes).toEqual(['/day-before-the-window', '/first-day-of-the-window', '/kept-but-not-shown', '/today']);
    });

    it('refuses values no page reports, whole: each metric has a plausible range', async () => {
      const cases: [string, number, number][] = [
        ['LCP', 120_000, 120_000.5],
        ['FCP', 120_000, 3_600_000],
        ['TTFB', 120_000, 600_000],
        ['INP', 60_000, 60_001],
        ['CLS', 10, 10.01],
      ];
      for (const [name, highest, implausible] of cases) {
        const refused = await beacon(
          'vitals',
          vitals(
            '/',
            [
              { name: 'FCP', value: 800 },
              { name, value: implausible },
            ].slice(name === 'FCP' ? 1 : 0),
          ),
        );
        expect(refused.status, `${name} ${implausible}`).toBe(400);
        expect(((await refused.json()) as { error: string }).error).toMatch(new RegExp(`\\(${name}\\) must be a number from 0 to ${highest}$`));
      }
      expect(await rowCount('vitals_daily')).toBe(0);
      for (const [name, highest] of cases) expect((await beacon('vitals', vitals('/', [{ name, value: highest }]))).status, name).toBe(204);
      expect((await fieldData()).rows[0]?.views).toBe(1);
    });

    it('refuses a malformed beacon, naming what is wrong', async () => {
      const cases: [unknown, RegExp][] = [
        [vitals('/', [{ name: 'FID', value: 10 }]), /"metrics\[0\]\.name" must be one of LCP, INP, CLS, FCP, TTFB/],
        [vitals('/', [{ name: 'LCP', value: -1 }]), /"metrics\[0\]\.value" \(LCP\) must be a number from 0 to 120000/],
        [vitals('/', [{ name: 'CLS', value: 5000 }]), /\(CLS\) must be a number from 0 to 10/],
        [{ route: '/', device: 'phone', metrics: [{ name: 'LCP', value: '1200' }] }, /"metrics\[0\]\.value" \(LCP\) must be a number/],
        [
          vitals('/', [
            { name: 'LCP', value: 1 },
            { name: 'LCP', value: 2 },
          ]),
          /names LCP twice/,
        ],
        [vitals('/', []), /"metrics" must be a list of 1 to 5 entries/],
        [vitals('https://evil.example/'), /"route" must be a path of the site/],
        [vitals('/About/'), /"route" must be a path of the site/],
        [vitals('/', undefined, 'tablet'), /"device" must be one of phone, desktop/],
        [{ ...vitals(), ip: '1.2.3.4' }, /Unknown field "ip"/],
      ];
      for (const [body, message] of cases) {
        const response = await beacon('vitals', body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(((await response.json()) as { error: string }).error).toMatch(message);
      }
      expect(await rowCount('vitals_daily')).toBe(0);
    });
  });

  describe('both beacons', () => {
    it('answer 204 to Sec-GPC: 1 and DNT: 1 and store nothing', async () => {
      const optOuts: Record<string, string>[] = [{ 'sec-gpc': '1' }, { dnt: '1' }];
      for (const headers of optOuts) {
        expect((await beacon('ab', impression(), { headers })).status).toBe(204);
        expect((await beacon('vitals', vitals(), { headers })).status).toBe(204);
        // Dropped before anything is read: even a malformed body is not judged.
        expect((await beacon('vitals', { nonsense: true }, { headers })).status).toBe(204);
      }
      await h.beacons.flush();
      expect(await rowCount('ab_daily')).toBe(0);
      expect(await rowCount('vitals_daily')).toBe(0);
      expect((await experiments()).variants.every((v) => v.impressions === 0 && v.conversions === 0)).toBe(true);
    });

    it('refuse other content types, large bodies and other sites', async () => {
      expect((await beacon('ab', impression(), { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
      const big = await beacon('vitals', null, { raw: JSON.stringify({ ...vitals(), pad: 'x'.repeat(3000) }) });
      expect(big.status).toBe(413);
      expect(((await big.json()) as { error: string }).error).toMatch(/larger than 2 KB/);
      expect((await beacon('ab', impression(), { origin: 'https://evil.example' })).status).toBe(403);
    });

    it('refuse a beacon without an Origin: a page’s sendBeacon always sends one, a tool need not', async () => {
      for (const [kind, body] of [
        ['ab', impression()],
        ['ab', conversion()],
        ['vitals', vitals('/admin', [{ name: 'LCP', value: 9000 }])],
      ] as const) {
        const refused = await beacon(kind, body, { origin: null });
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { error: string }).error).toMatch(/sent by the site’s pages, with their Origin; this request has none/);
      }
      const foreign = await beacon('vitals', vitals(), { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      await h.beacons.flush();
      expect(await rowCount('ab_daily')).toBe(0);
      expect(await rowCount('vitals_daily')).toBe(0);
    });

    it('limit each address per minute with 429 and Retry-After, not other addresses', async () => {
      h = await createHarness(store, { beaconRateLimitPerMinute: 3 });
      for (let i = 0; i < 3; i++) expect((await beacon('vitals', vitals())).status).toBe(204);
      const refused = await beacon('ab', impression());
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(/Too many beacons from your address/);
      expect((await beacon('ab', impression(), { client: '198.51.100.20' })).status).toBe(204);
      h.clock.now = new Date(h.clock.now.getTime() + 61_000);
      expect((await beacon('ab', impression())).status).toBe(204);
    });

    it('store counts only, and for A/B a hash standing for the visitor: no address, visitor id, cookie or raw value', async () => {
      const response = await beacon('vitals', vitals('/', [{ name: 'LCP', value: 1234.567 }]), { cookie: 'gb-visitor=0123456789abcdef0123456789abcdef' });
      expect(response.headers.get('set-cookie')).toBeNull();
      await beacon('ab', impression());
      await h.beacons.flush();
      const rows = JSON.stringify(
        await Promise.all(
          ['ab_daily', 'ab_visitors', 'vitals_daily'].map(async (table) => (await sql`select * from ${sql.table(table)}`.execute(store.db)).rows),
        ),
      );
      for (const secret of [CLIENT, '0123456789abcdef', '1234.567', visitorOf('punchy')]) expect(rows).not.toContain(secret);
      const columns = (
        await sql<{ table_name: string; column_name: string }>`select table_name, column_name from information_schema.columns
          where table_name in ('ab_daily', 'ab_visitors', 'vitals_daily') order by table_name, ordinal_position`.execute(store.db)
      ).rows.map((r) => `${r.table_name}.${r.column_name}`);
      expect(columns).toEqual([
        'ab_daily.day',
        'ab_daily.experiment',
        'ab_daily.variant',
        'ab_daily.impressions',
        'ab_daily.conversions',
        'ab_visitors.experiment',
        'ab_visitors.visitor',
        'ab_visitors.variant',
        'ab_visitors.day',
        'ab_visitors.converted',
        'vitals_daily.day',
        'vitals_daily.route',
        'vitals_daily.device',
        'vitals_daily.metric',
        'vitals_daily.bucket',
        'vitals_daily.count',
      ]);
      // No log line per beacon (a summary a minute, see api/beacons.ts), and never the address.
      expect(h.logs.filter((entry) => String(entry.path).startsWith('/api/beacons'))).toEqual([]);
      expect(JSON.stringify(h.logs)).not.toContain(CLIENT);
    });

    it('keep counts whose write failed and write them with the next flush', async () => {
      await beacon('ab', impression());
      await sql`create or replace function gb_test_fail() returns trigger language plpgsql as $$
        begin raise exception using errcode = '53100', message = 'simulated: disk full'; end $$`.execute(store.db);
      await sql`create trigger gb_test_fail before insert or update on ab_daily for each row execute function gb_test_fail()`.execute(store.db);
      try {
        await h.beacons.flush();
        expect(JSON.stringify(h.logs)).toMatch(/counts not written yet: simulated: disk full/);
      } finally {
        await sql`drop trigger gb_test_fail on ab_daily`.execute(store.db);
      }
      await beacon('ab', impression('punchy', 1));
      expect((await experiments()).variants.find((v) => v.variant === 'punchy')?.impressions).toBe(2);
    });
  });

  describe('on the built site', () => {
    let root = '';
    beforeAll(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-beacon-site-'));
      for (const page of ['', 'about', 'blog/1']) {
        fs.mkdirSync(path.join(root, page), { recursive: true });
        fs.writeFileSync(path.join(root, page, 'index.html'), '<!doctype html><title>t</title>');
      }
      fs.writeFileSync(path.join(root, '404.html'), '<!doctype html><title>Not found</title>');
      fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *');
    });
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

    it('keeps the routes of the build, and counts any other path under one name', async () => {
      h = await createHarness(store, { staticRoot: root });
      for (const route of ['/', '/about', '/blog/1', '/blog/999', '/made-up', '/another/made-up'])
        expect((await beacon('vitals', vitals(route))).status).toBe(204);
      const routes = (await fieldData()).rows.map((row) => `${row.route} ${row.views}`).sort();
      expect(routes).toEqual([`${OTHER_ROUTE} 3`, '/ 1', '/about 1', '/blog/1 1'].sort());
    });

    it('names itself in the pages it serves (Server-Timing), so the page knows beacons are taken', async () => {
      h = await createHarness(store, { staticRoot: root });
      const page = await h.call('GET', '/about', { origin: null });
      expect(page.headers.get('server-timing')).toBe('gb-beacons');
      expect((await h.call('GET', '/robots.txt', { origin: null })).headers.get('server-timing')).toBeNull();
      expect((await h.call('GET', '/api/health')).headers.get('server-timing')).toBeNull();
      expect(SITE).toMatch(/^https:/);
    });
  });
}
