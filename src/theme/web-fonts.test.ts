/**
 * Web fonts join only once cached: the head script turns them on from the stored flag, and the
 * runtime fetches them after a first page has loaded and sets that flag.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisabledStorage, MemoryStorage } from '../storage/test-storages';
import { FONTS_INIT_SCRIPT, cacheWebFonts, webFontUrls } from './web-fonts';

function runInitScript(localStorage: unknown) {
  const root = { dataset: {} as Record<string, string> };
  new Function('localStorage', 'document', FONTS_INIT_SCRIPT)(localStorage, { documentElement: root });
  return root.dataset.fonts;
}

/** A stylesheet as the browser exposes it: @font-face rules with their family and src. */
function sheet(...faces: [family: string, src: string][]) {
  const rules = faces.map(([family, src]) => ({
    cssText: `@font-face { font-family: ${family}; src: ${src}; }`,
    style: { getPropertyValue: (name: string) => (name === 'font-family' ? family : src) },
  }));
  return { cssRules: [...rules, { cssText: '.brand { color: red; }' }] } as unknown as CSSStyleSheet;
}

/** A fetch that answers every URL with a font file, or fails the ones listed. */
function fakeFetch(failing: string[] = []) {
  return vi.fn((url: string, _init?: RequestInit) => Promise.resolve({ ok: !failing.includes(url), arrayBuffer: () => Promise.resolve(new ArrayBuffer(8)) }));
}

afterEach(() => vi.unstubAllGlobals());

describe('FONTS_INIT_SCRIPT', () => {
  it('turns the web fonts on only when the browser has recorded them as cached', () => {
    const storage = new MemoryStorage();
    expect(runInitScript(storage)).toBeUndefined();
    storage.setItem('gb:web-fonts', '1');
    expect(runInitScript(storage)).toBe('web');
  });

  it('keeps the fallback fonts when storage is disabled', () => {
    expect(runInitScript(new DisabledStorage())).toBeUndefined();
  });
});

describe('webFontUrls', () => {
  it('lists the files of the two web font families, not the local fallbacks', () => {
    const sheets = [
      sheet(
        ['"Inter Variable"', 'url("/assets/inter-1.woff2") format("woff2")'],
        ['Inter Fallback', 'local("Arial")'],
        ['Fraunces Variable', 'url(/assets/fraunces-2.woff2)'],
      ),
    ];
    expect(webFontUrls(sheets)).toEqual(['/assets/inter-1.woff2', '/assets/fraunces-2.woff2']);
  });
});

describe('cacheWebFonts', () => {
  const urls = ['/assets/inter-1.woff2', '/assets/fraunces-2.woff2'];

  it("fetches each file into the cache, in the fonts' CORS mode and at low priority, and records that they are cached", async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const get = fakeFetch();
    await expect(cacheWebFonts(urls, get as unknown as typeof fetch)).resolves.toBe(true);
    expect(get.mock.calls.map((c) => c[0])).toEqual(urls);
    expect(get.mock.calls[0][1]).toMatchObject({ mode: 'cors', credentials: 'same-origin', priority: 'low' });
    expect(storage.getItem('gb:web-fonts')).toBe('1');
  });

  it('records nothing when a file fails', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    await expect(cacheWebFonts(urls, fakeFetch([urls[1]]) as unknown as typeof fetch)).resolves.toBe(false);
    expect(storage.getItem('gb:web-fonts')).toBeNull();
  });

  it('does nothing once the fonts are recorded as cached', async () => {
    const storage = new MemoryStorage();
    storage.setItem('gb:web-fonts', '1');
    vi.stubGlobal('window', { localStorage: storage });
    const get = fakeFetch();
    await expect(cacheWebFonts(urls, get as unknown as typeof fetch)).resolves.toBe(true);
    expect(get).not.toHaveBeenCalled();
  });
});
