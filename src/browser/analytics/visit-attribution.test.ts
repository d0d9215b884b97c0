/**
 * The visit's attribution in the browser: recorded on the visit's first page and on a new arrival,
 * kept (not replaced) by a page reached from our own, read for a lead as the server checks it, and
 * neither kept nor read when the visitor asks not to be measured (GPC or Do Not Track).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '@/browser/storage/storage';
import { fakeWindow } from '../../../tests/support/fake-storage';
import { recordArrival, visitAttribution } from './visit-attribution';

const SITE = 'https://www.garlicbrothers.example';
let win: ReturnType<typeof fakeWindow>;
const kept = () => win.sessionStorage.getItem(KEYS.attribution);

beforeEach(() => {
  win = fakeWindow();
  vi.stubGlobal('window', win);
  vi.stubGlobal('navigator', { doNotTrack: null });
  vi.stubGlobal('location', new URL(`${SITE}/contact`));
  vi.stubGlobal('document', { referrer: '' });
});
afterEach(() => vi.unstubAllGlobals());

describe('the visit’s attribution', () => {
  it('is recorded on the landing page and kept through the visit’s other pages, then sent with a lead', () => {
    recordArrival(`${SITE}/garlic-powder?utm_source=newsletter&utm_campaign=eu-2027`, 'https://mail.example/inbox');
    recordArrival(`${SITE}/contact`, `${SITE}/garlic-powder?utm_source=newsletter&utm_campaign=eu-2027`);
    expect(visitAttribution()).toEqual({
      landingPage: '/garlic-powder',
      referrer: 'https://mail.example',
      utmSource: 'newsletter',
      utmMedium: null,
      utmCampaign: 'eu-2027',
    });
    // Session storage only: nothing in the local storage that outlives the visit.
    expect(win.localStorage.length).toBe(0);
  });

  it('starts again when the visit arrives anew from a campaign link or another site', () => {
    recordArrival(`${SITE}/`, '');
    recordArrival(`${SITE}/garlic-oil`, 'https://www.bing.com/search?q=garlic+oil');
    expect(visitAttribution()).toMatchObject({ landingPage: '/garlic-oil', referrer: 'https://www.bing.com', utmSource: null });
  });

  it('takes the form’s page as the landing page when nothing was recorded yet', () => {
    expect(kept()).toBeNull();
    expect(visitAttribution()).toEqual({ landingPage: '/contact', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null });
  });

  it('replaces a kept value that the server would refuse with the form’s page, so a lead is never refused for it', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const raw of [JSON.stringify({ landingPage: 'https://evil.example', utmSource: 'x' }), '{not json']) {
      win.sessionStorage.setItem(KEYS.attribution, raw);
      expect(visitAttribution()).toEqual({ landingPage: '/contact', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null });
    }
    expect(errors.mock.calls.map(([message]) => message)).toEqual([
      `[storage] "${KEYS.attribution}" holds no attribution the server would take; ignoring it`,
      `[storage] "${KEYS.attribution}" holds no attribution the server would take; ignoring it`,
    ]);
    // The next page of the visit keeps the replacement.
    recordArrival(`${SITE}/about`, `${SITE}/contact`);
    expect(visitAttribution()?.landingPage).toBe('/contact');
  });

  it.each([
    ['Global Privacy Control', { globalPrivacyControl: true, doNotTrack: null }],
    ['Do Not Track', { doNotTrack: '1' }],
  ])('is neither kept nor sent under %s, and what an earlier page kept is removed', (_name, signals) => {
    recordArrival(`${SITE}/garlic-powder?utm_source=newsletter`, '');
    expect(kept()).not.toBeNull();
    vi.stubGlobal('navigator', signals);
    recordArrival(`${SITE}/garlic-flakes?utm_source=newsletter`, '');
    expect(kept()).toBeNull();
    expect(visitAttribution()).toBeUndefined();
    expect(kept()).toBeNull();
  });

  it('sends nothing, and does not fail, when session storage is disabled', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'window',
      fakeWindow(() => 'disabled'),
    );
    expect(() => recordArrival(`${SITE}/?utm_source=x`, '')).not.toThrow();
    expect(visitAttribution()).toBeUndefined();
    expect(errors).toHaveBeenCalled();
  });
});
