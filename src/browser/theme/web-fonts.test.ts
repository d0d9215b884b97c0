/**
 * Web fonts join only once cached: the head script names on <html> the ones the stored record
 * lists, and the runtime fetches the ones its page's language needs after the page has loaded
 * and adds them to that record.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DisabledStorage, MemoryStorage } from '../../../tests/support/fake-storage';
import { FONTS_INIT_SCRIPT } from './fonts-script';
import { cacheWebFonts, cachedWebFonts, webFontsFor } from './web-fonts';
import { eachReturns } from '../../../tests/support/each-returns';

function runInitScript(localStorage: unknown) {
  const root = { dataset: {} as Record<string, string> };
  new Function('localStorage', 'document', FONTS_INIT_SCRIPT)(localStorage, { documentElement: root });
  return root.dataset.fonts;
}

function face(family: string, load: () => Promise<unknown> = () => Promise.resolve()) {
  return { family, load: vi.fn(load) };
}

/** The faces fonts.css declares, as document.fonts lists them. */
const declared = () => [face('"Inter Variable"'), face('Fraunces Variable'), face('Noto Sans Arabic Variable'), face('Inter Fallback')];
const loads = (faces: ReturnType<typeof face>[]) => faces.map((f) => f.load.mock.calls.length);

function withStorage(stored?: string) {
  const storage = new MemoryStorage();
  if (stored !== undefined) storage.setItem('gb:web-fonts', stored);
  vi.stubGlobal('window', { localStorage: storage });
  return storage;
}

afterEach(() => vi.unstubAllGlobals());

describe('FONTS_INIT_SCRIPT', () => {
  it('names on <html> the web fonts the browser has recorded as cached, and no others', () => {
    const storage = new MemoryStorage();
    expect(runInitScript(storage)).toBeUndefined();
    storage.setItem('gb:web-fonts', 'inter arabic');
    expect(runInitScript(storage)).toBe('inter arabic');
  });

  it("reads an earlier version's record ('1') as Inter and Fraunces", () => {
    const storage = new MemoryStorage();
    storage.setItem('gb:web-fonts', '1');
    expect(runInitScript(storage)).toBe('inter fraunces');
  });

  it('keeps the fallback fonts when storage is disabled', () => {
    expect(runInitScript(new DisabledStorage())).toBeUndefined();
  });
});

describe('webFontsFor', () => {
  eachReturns('gives a page in a Latin script Inter and Fraunces, and an Arabic page the Arabic face and Inter: %s', webFontsFor, [
    ['en', ['inter', 'fraunces']],
    ['de', ['inter', 'fraunces']],
    ['ar', ['inter', 'arabic']],
    ['AR-ae', ['inter', 'arabic']],
  ]);
});

describe('cacheWebFonts', () => {
  // Loads per declared face: Inter, Fraunces, the Arabic face, the local fallback.
  it.each([
    ['en', [1, 1, 0, 0], 'inter fraunces'],
    ['ar', [1, 0, 1, 0], 'inter arabic'],
  ])('loads the web fonts of the page’s script, not the other script’s nor the local fallbacks, and records them: %s', async (language, loaded, record) => {
    const storage = withStorage();
    const faces = declared();
    await expect(cacheWebFonts(faces as unknown as FontFaceSet, language)).resolves.toBe(true);
    expect(loads(faces)).toEqual(loaded);
    expect(storage.getItem('gb:web-fonts')).toBe(record);
  });

  it('adds only what the page needs and the browser lacks to the record', async () => {
    const storage = withStorage('1');
    const faces = declared();
    await expect(cacheWebFonts(faces as unknown as FontFaceSet, 'ar')).resolves.toBe(true);
    expect(loads(faces)).toEqual([0, 0, 1, 0]);
    expect(storage.getItem('gb:web-fonts')).toBe('inter fraunces arabic');
    expect(cachedWebFonts()).toEqual(['inter', 'fraunces', 'arabic']);
  });

  it('records nothing when a font fails to load', async () => {
    const storage = withStorage();
    const faces = [face('Inter Variable', () => Promise.reject(new Error('network'))), face('Fraunces Variable')];
    await expect(cacheWebFonts(faces as unknown as FontFaceSet, 'en')).resolves.toBe(false);
    expect(storage.getItem('gb:web-fonts')).toBeNull();
  });

  it('does nothing once the fonts of the page are recorded as cached', async () => {
    withStorage('inter fraunces');
    const faces = declared();
    await expect(cacheWebFonts(faces as unknown as FontFaceSet, 'de')).resolves.toBe(true);
    expect(loads(faces)).toEqual([0, 0, 0, 0]);
  });
});
