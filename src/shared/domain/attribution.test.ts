/** What the landing page's address and referrer give (the browser's capture) and what the server accepts. */
import { describe, expect, it } from 'vitest';
import { attributionProblem, cleanValue, isArrival, leadSource, normaliseAttribution, readAttribution, referrerHost, UTM_MAX } from './attribution';

const SITE = 'https://www.garlicbrothers.example';

describe('readAttribution', () => {
  it('reads the landing page, the UTM values and another site’s origin', () => {
    expect(
      readAttribution(`${SITE}/garlic-powder?utm_source=newsletter&utm_medium=email&utm_campaign=eu-2027&x=1`, 'https://www.google.com/search?q=garlic+powder'),
    ).toEqual({
      landingPage: '/garlic-powder',
      referrer: 'https://www.google.com',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'eu-2027',
    });
  });

  it('keeps no referrer for our own pages, none given, a non-web address or an unreadable one', () => {
    for (const referrer of ['', `${SITE}/about`, 'android-app://com.google.android.gm/', 'file:///tmp/x.html', 'not a url']) {
      expect(readAttribution(`${SITE}/contact`, referrer).referrer, referrer).toBeNull();
    }
    // An origin longer than 300 characters is not kept.
    const longHost = `https://${'h'.repeat(290)}.example`;
    expect(readAttribution(`${SITE}/contact`, `${longHost}/x`).referrer).toBeNull();
    const atCap = `https://${'h'.repeat(284)}.example`;
    expect(atCap).toHaveLength(300);
    expect(readAttribution(`${SITE}/contact`, atCap).referrer).toBe(atCap);
    // Another port is another site.
    expect(readAttribution('http://127.0.0.1:4173/contact', 'http://127.0.0.1:8080/page').referrer).toBe('http://127.0.0.1:8080');
  });

  it('trims, drops control characters, leaves empty values out and caps each value', () => {
    const long = 'a'.repeat(UTM_MAX + 20);
    const read = readAttribution(`${SITE}/?utm_source=%20%20News%0Aletter%20&utm_medium=&utm_campaign=${long}`, '');
    expect(read.utmSource).toBe('Newsletter');
    expect(read.utmMedium).toBeNull();
    expect(read.utmCampaign).toBe('a'.repeat(UTM_MAX));
    expect(read.landingPage).toBe('/');
  });

  it('keeps a value of exactly the cap whole, and trims what is left after the cut', () => {
    expect(cleanValue('b'.repeat(UTM_MAX))).toBe('b'.repeat(UTM_MAX));
    expect(cleanValue(`${'b'.repeat(UTM_MAX - 1)} tail`)).toBe('b'.repeat(UTM_MAX - 1));
    // The value is trimmed before the cut, so leading spaces do not use up the cap.
    expect(cleanValue(`   ${'c'.repeat(UTM_MAX)}`)).toBe('c'.repeat(UTM_MAX));
    expect(cleanValue(undefined)).toBeNull();
    expect(cleanValue(' \u0000 ')).toBeNull();
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const value = `${'a'.repeat(UTM_MAX - 1)}🧄`;
    const read = readAttribution(`${SITE}/?utm_campaign=${encodeURIComponent(value)}`, '');
    expect(read.utmCampaign).toBe('a'.repeat(UTM_MAX - 1));
    expect(attributionProblem(read)).toBeNull();
    // The cut lands on the low half, or just before the first or after the last high surrogate.
    expect(cleanValue(`${'a'.repeat(UTM_MAX - 2)}🧄x`)).toBe(`${'a'.repeat(UTM_MAX - 2)}🧄`);
    expect(cleanValue(`${'a'.repeat(UTM_MAX - 1)}\ud800\udc00`)).toBe('a'.repeat(UTM_MAX - 1));
    expect(cleanValue(`${'a'.repeat(UTM_MAX - 1)}\udbff\udfff`)).toBe('a'.repeat(UTM_MAX - 1));
    expect(cleanValue(`${'a'.repeat(UTM_MAX - 1)}\ue000x`)).toBe(`${'a'.repeat(UTM_MAX - 1)}\ue000`);
  });

  it('caps a long landing page at 300 characters, still a path the server accepts', () => {
    const read = readAttribution(`${SITE}/${'p'.repeat(400)}`, '');
    expect(read.landingPage).toHaveLength(300);
    expect(attributionProblem(read)).toBeNull();
  });

  it('gives only what the server accepts, whatever the address holds', () => {
    const hostile = [
      `${SITE}/%00?utm_source=%00%01&utm_campaign=%E2%80%AE=cmd`,
      `${SITE}/a b?utm_source=${'%F0%9F%A7%84'.repeat(80)}`,
      `${SITE}/?utm_source=%ED%A0%80`,
    ];
    for (const href of hostile) expect(attributionProblem(readAttribution(href, 'https://evil.example/x')), href).toBeNull();
  });
});

describe('isArrival', () => {
  it('is a new arrival with a campaign or another site’s link, not a page reached from our own', () => {
    expect(isArrival(readAttribution(`${SITE}/x?utm_source=a`, ''))).toBe(true);
    expect(isArrival(readAttribution(`${SITE}/x`, 'https://www.bing.com/'))).toBe(true);
    expect(isArrival(readAttribution(`${SITE}/contact`, `${SITE}/garlic-powder`))).toBe(false);
    const base = { landingPage: '/', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null };
    expect(isArrival({ ...base, utmMedium: 'email' })).toBe(true);
    expect(isArrival({ ...base, utmCampaign: 'march' })).toBe(true);
  });
});

describe('attributionProblem and normaliseAttribution', () => {
  it('accepts the landing page alone and fills in the rest as null', () => {
    expect(attributionProblem({ landingPage: '/' })).toBeNull();
    expect(normaliseAttribution({ landingPage: '/', utmSource: ' x ' })).toEqual({
      landingPage: '/',
      referrer: null,
      utmSource: 'x',
      utmMedium: null,
      utmCampaign: null,
    });
    expect(normaliseAttribution({ landingPage: '/', referrer: 'https://a.example', utmMedium: ' email ', utmCampaign: 'march ' })).toEqual({
      landingPage: '/',
      referrer: 'https://a.example',
      utmSource: null,
      utmMedium: 'email',
      utmCampaign: 'march',
    });
  });

  it('names what is wrong', () => {
    expect(attributionProblem(null)).toMatch(/must be an object/);
    expect(attributionProblem({ landingPage: '/', language: 'de' })).toMatch(/fields\.language/);
    expect(attributionProblem({ landingPage: '/', referrer: 'https://a.example/path' })).toMatch(/must be an origin/);
    expect(attributionProblem({ landingPage: '/', referrer: 'https://user@a.example' })).toMatch(/must be an origin/);
    expect(attributionProblem({ landingPage: '/', utmSource: 'a\u0007' })).toMatch(/without control characters/);
    expect(attributionProblem({ landingPage: '/', source: 'x' })).toBe('Unknown field "source" in the attribution');
    expect(attributionProblem({ landingPage: '/', ['k'.repeat(60)]: 'x' })).toBe(`Unknown field "${'k'.repeat(50)}" in the attribution`);
    for (const landingPage of [42, `/${'p'.repeat(300)}`]) expect(attributionProblem({ landingPage })).toMatch(/^"attribution\.landingPage" must be the path/);
    expect(attributionProblem({ landingPage: `/${'p'.repeat(299)}` })).toBeNull();
    // A list holding an origin is not one (a pattern test would read it as its text).
    for (const referrer of [42, ['https://a.example'], `https://${'h'.repeat(285)}.example`])
      expect(attributionProblem({ landingPage: '/', referrer })).toMatch(/^"attribution\.referrer" must be an origin/);
    expect(attributionProblem({ landingPage: '/', referrer: `https://${'h'.repeat(284)}.example` })).toBeNull();
    const utm = (key: string) => `"attribution.${key}" must be text of 1 to 100 characters without control characters, or null`;
    for (const key of ['utmSource', 'utmMedium', 'utmCampaign']) {
      for (const text of [42, '', '   ', 'u'.repeat(101)]) expect(attributionProblem({ landingPage: '/', [key]: text })).toBe(utm(key));
      expect(attributionProblem({ landingPage: '/', [key]: 'u'.repeat(100) })).toBeNull();
      expect(attributionProblem({ landingPage: '/', [key]: null })).toBeNull();
    }
  });
});

describe('leadSource', () => {
  it('is the UTM source in lower case, else the referring host, else direct; empty when nothing was recorded', () => {
    const base = { landingPage: '/', referrer: null, utmSource: null, utmMedium: null, utmCampaign: null };
    expect(leadSource({ ...base, utmSource: 'NewsLetter', referrer: 'https://www.google.com' })).toBe('newsletter');
    expect(leadSource({ ...base, referrer: 'https://WWW.Google.com:8443' })).toBe('www.google.com');
    expect(leadSource(base)).toBe('direct');
    expect(leadSource(null)).toBe('');
    expect(referrerHost('http://[::1]:3000')).toBe('[::1]');
    // Only a scheme at the start is taken off.
    expect(referrerHost('www.example.com/x:https://')).toBe('www.example.com/x:https://');
  });
});
