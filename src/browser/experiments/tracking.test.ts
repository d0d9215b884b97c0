import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeWindow, type StorageMode } from '../../../tests/support/fake-storage';
import { KEYS } from '../storage/storage';
import { HOMEPAGE_CTA } from '../../shared/experiments/registry';
import { countsFor, currentVariant, readStats, recordConversion, recordImpression } from './tracking';

const g = globalThis as unknown as { window?: unknown; document?: unknown; navigator?: unknown };
const realNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
/** The browser's privacy signals and the beacons it was handed. */
let nav: { globalPrivacyControl?: boolean; doNotTrack?: string | null; sendBeacon: (url: string, body: string) => boolean };
let beacons: { url: string; body: unknown }[];
let mode: StorageMode;
let attribute: string | null;
let events: Record<string, unknown>[] | undefined;

/** A new "session": session storage emptied, local storage kept. */
function newSession(win: ReturnType<typeof fakeWindow>) {
  win.sessionStorage.clear();
}

let win: ReturnType<typeof fakeWindow> & { dataLayer?: Record<string, unknown>[] };

beforeEach(() => {
  mode = 'working';
  attribute = 'punchy';
  events = undefined;
  win = fakeWindow(() => mode);
  g.window = win;
  g.document = { documentElement: { getAttribute: (name: string) => (name === 'data-ab-homepage-cta-v1' ? attribute : null) } };
  beacons = [];
  nav = {
    sendBeacon: (url, body) => {
      beacons.push({ url, body: JSON.parse(body) });
      return true;
    },
  };
  Object.defineProperty(globalThis, 'navigator', { value: nav, configurable: true, writable: true });
});
afterEach(() => {
  delete g.window;
  delete g.document;
  if (realNavigator) Object.defineProperty(globalThis, 'navigator', realNavigator);
  else delete g.navigator;
  vi.restoreAllMocks();
});

/** The page as the site's server sends it: its navigation entry names the server (Server-Timing). */
function servedByTheSiteServer() {
  const entry = { serverTiming: [{ name: 'gb-beacons' }] } as unknown as PerformanceNavigationTiming;
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) => (type === 'navigation' ? [entry] : []));
}

describe('currentVariant', () => {
  it('is the variant on <html>, or null when there is none or it is unknown', () => {
    expect(currentVariant(HOMEPAGE_CTA)).toBe('punchy');
    attribute = null;
    expect(currentVariant(HOMEPAGE_CTA)).toBeNull();
    attribute = 'shouty';
    expect(currentVariant(HOMEPAGE_CTA)).toBeNull();
  });
});

describe('impressions', () => {
  it('are recorded once per session, and counted per variant in this browser', () => {
    expect(recordImpression(HOMEPAGE_CTA)).toBe(true);
    expect(recordImpression(HOMEPAGE_CTA)).toBe(false);
    expect(win.sessionStorage.getItem(KEYS.abImpression(HOMEPAGE_CTA.id))).toBe('punchy');
    newSession(win);
    expect(recordImpression(HOMEPAGE_CTA)).toBe(true);
    expect(countsFor(readStats(), HOMEPAGE_CTA.id, 'punchy')).toEqual({ impressions: 2, conversions: 0 });
  });

  it('are not recorded for visitors outside the experiment or when session storage is refused', () => {
    attribute = null;
    expect(recordImpression(HOMEPAGE_CTA)).toBe(false);
    attribute = 'control';
    mode = 'full';
    expect(recordImpression(HOMEPAGE_CTA)).toBe(false);
    mode = 'working';
    expect(readStats()).toEqual({});
  });

  it('reach the analytics hook only when the page has one', () => {
    recordImpression(HOMEPAGE_CTA);
    expect(win.dataLayer).toBeUndefined();
    newSession(win);
    events = [];
    win.dataLayer = events;
    recordImpression(HOMEPAGE_CTA);
    expect(events).toEqual([{ event: 'ab_impression', experiment_id: 'homepage-cta-v1', variant: 'punchy' }]);
  });
});

describe('beacons to the site server', () => {
  const VISITOR = '0123456789abcdef0123456789abcdef';

  it('carry the impression and the conversion with the visitor id, when the site server served the page', () => {
    servedByTheSiteServer();
    win.localStorage.setItem(KEYS.abVisitorId, VISITOR);
    recordImpression(HOMEPAGE_CTA);
    recordImpression(HOMEPAGE_CTA);
    recordConversion(HOMEPAGE_CTA);
    expect(beacons).toEqual([
      { url: '/api/beacons/ab', body: { visitor: VISITOR, events: [{ experiment: 'homepage-cta-v1', variant: 'punchy', event: 'impression' }] } },
      { url: '/api/beacons/ab', body: { visitor: VISITOR, events: [{ experiment: 'homepage-cta-v1', variant: 'punchy', event: 'conversion' }] } },
    ]);
  });

  it('are not sent without a well-formed visitor id (the server counts visitors), though the page counts', () => {
    servedByTheSiteServer();
    recordImpression(HOMEPAGE_CTA);
    win.localStorage.setItem(KEYS.abVisitorId, 'not-an-id');
    recordConversion(HOMEPAGE_CTA);
    expect(beacons).toEqual([]);
    expect(countsFor(readStats(), HOMEPAGE_CTA.id, 'punchy')).toEqual({ impressions: 1, conversions: 1 });
  });

  it('are not sent from a static host: the page keeps its own counts', () => {
    recordImpression(HOMEPAGE_CTA);
    recordConversion(HOMEPAGE_CTA);
    expect(beacons).toEqual([]);
    expect(countsFor(readStats(), HOMEPAGE_CTA.id, 'punchy')).toEqual({ impressions: 1, conversions: 1 });
  });

  it('nothing is counted, kept or sent with Global Privacy Control or Do Not Track', () => {
    servedByTheSiteServer();
    events = [];
    win.dataLayer = events;
    for (const signals of [{ globalPrivacyControl: true }, { doNotTrack: '1' }]) {
      Object.assign(nav, { globalPrivacyControl: undefined, doNotTrack: null }, signals);
      expect(recordImpression(HOMEPAGE_CTA)).toBe(false);
      expect(recordConversion(HOMEPAGE_CTA)).toBe(false);
    }
    expect(beacons).toEqual([]);
    expect(events).toEqual([]);
    expect(readStats()).toEqual({});
    expect(win.sessionStorage.getItem(KEYS.abImpression(HOMEPAGE_CTA.id))).toBeNull();
  });
});

describe('conversions', () => {
  it('are counted per click and sent to the analytics hook', () => {
    attribute = 'control';
    events = [];
    win.dataLayer = events;
    expect(recordConversion(HOMEPAGE_CTA)).toBe(true);
    expect(recordConversion(HOMEPAGE_CTA)).toBe(true);
    expect(countsFor(readStats(), HOMEPAGE_CTA.id, 'control')).toEqual({ impressions: 0, conversions: 2 });
    expect(events).toEqual([
      { event: 'ab_conversion', experiment_id: 'homepage-cta-v1', variant: 'control' },
      { event: 'ab_conversion', experiment_id: 'homepage-cta-v1', variant: 'control' },
    ]);
  });

  it('start again from zero when the stored counts are corrupted', () => {
    win.localStorage.setItem(KEYS.abConversions, '{"homepage-cta-v1":{"punchy":{"impressions":-3}}}');
    expect(readStats()).toEqual({});
    recordConversion(HOMEPAGE_CTA);
    expect(countsFor(readStats(), HOMEPAGE_CTA.id, 'punchy')).toEqual({ impressions: 0, conversions: 1 });
  });
});
