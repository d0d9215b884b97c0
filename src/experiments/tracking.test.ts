import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeWindow, type StorageMode } from '../../tests/support/fake-storage';
import { KEYS } from '../storage/storage';
import { HOMEPAGE_CTA } from './registry';
import { countsFor, currentVariant, readStats, recordConversion, recordImpression } from './tracking';

const g = globalThis as unknown as { window?: unknown; document?: unknown };
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
});
afterEach(() => {
  delete g.window;
  delete g.document;
});

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
