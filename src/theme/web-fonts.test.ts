/**
 * Web fonts join only once cached: the head script turns them on from the stored flag, and the
 * runtime fetches them after a first page has loaded and sets that flag.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisabledStorage, MemoryStorage } from '../../tests/support/fake-storage';
import { FONTS_INIT_SCRIPT, cacheWebFonts } from './web-fonts';

function runInitScript(localStorage: unknown) {
  const root = { dataset: {} as Record<string, string> };
  new Function('localStorage', 'document', FONTS_INIT_SCRIPT)(localStorage, { documentElement: root });
  return root.dataset.fonts;
}

function face(family: string, load: () => Promise<unknown> = () => Promise.resolve()) {
  return { family, load: vi.fn(load) };
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

describe('cacheWebFonts', () => {
  it('loads the two web font families, not the local fallbacks, and records that they are cached', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const faces = [face('"Inter Variable"'), face('Fraunces Variable'), face('Inter Fallback')];
    await expect(cacheWebFonts(faces as unknown as FontFaceSet)).resolves.toBe(true);
    expect(faces.map((f) => f.load.mock.calls.length)).toEqual([1, 1, 0]);
    expect(storage.getItem('gb:web-fonts')).toBe('1');
  });

  it('records nothing when a font fails to load', async () => {
    const storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
    const faces = [face('Inter Variable', () => Promise.reject(new Error('network'))), face('Fraunces Variable')];
    await expect(cacheWebFonts(faces as unknown as FontFaceSet)).resolves.toBe(false);
    expect(storage.getItem('gb:web-fonts')).toBeNull();
  });

  it('does nothing once the fonts are recorded as cached', async () => {
    const storage = new MemoryStorage();
    storage.setItem('gb:web-fonts', '1');
    vi.stubGlobal('window', { localStorage: storage });
    const faces = [face('Inter Variable')];
    await expect(cacheWebFonts(faces as unknown as FontFaceSet)).resolves.toBe(true);
    expect(faces[0].load).not.toHaveBeenCalled();
  });
});
