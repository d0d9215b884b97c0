/**
 * Web fonts only where the browser already has them.
 *
 * A first visit paints at once in the metric-matched fallback faces (fonts.css) and asks for no
 * font file before its first paint: on a slow phone network 35 kB of fonts would otherwise
 * compete with the page itself. Once the page has loaded, the runtime fetches the font files its
 * language needs into the cache without using them on this page (no swap, so nothing moves) and
 * remembers which it has; from the next page on, an inline script (fonts-script.ts) names them on <html>
 * before the body paints (`data-fonts="inter fraunces"`), the stylesheet turns on each one named,
 * and font-display: optional uses them from the cache in the first paint. If the cache has
 * dropped them meanwhile, optional keeps the fallback for that page: still no shift.
 *
 * A page in a Latin script fetches Inter and Fraunces; an Arabic page fetches the Arabic face and
 * Inter, for the codes, figures and addresses in its lines (Fraunces, of the brand and the stat
 * figures, would take a first visit past its 40 kB; it joins once a Latin page has fetched it). */
import { KEYS, readRaw, writeRaw } from '../storage/storage.ts';
import { BOTH_LATIN, DEFAULT_FONTS, WEB_FONTS, type WebFont } from './fonts-script.ts';

/** What a page fetches after it has loaded, by its language (<html lang>); the others fetch DEFAULT_FONTS. */
const FONTS_BY_LANGUAGE: Record<string, readonly WebFont[]> = { ar: ['inter', 'arabic'] };

export function webFontsFor(lang: string): readonly WebFont[] {
  return FONTS_BY_LANGUAGE[lang.toLowerCase().split('-')[0]] ?? DEFAULT_FONTS;
}

/** The web fonts this browser has recorded as cached. */
export function cachedWebFonts(): WebFont[] {
  const stored = readRaw(KEYS.webFonts);
  const names = stored === BOTH_LATIN ? DEFAULT_FONTS : (stored ?? '').split(' ');
  return WEB_FONTS.map((font) => font.name).filter((name) => names.includes(name));
}

const unquote = (family: string) => family.replace(/^["']|["']$/g, '');

/** Downloads the web fonts this page's language needs into the cache (after load) and records that the browser has them. */
export function cacheWebFonts(fonts: FontFaceSet = document.fonts, lang: string = document.documentElement.lang): Promise<boolean> {
  const cached = cachedWebFonts();
  const wanted = webFontsFor(lang).filter((name) => !cached.includes(name));
  if (!wanted.length) return Promise.resolve(true);
  const families: string[] = WEB_FONTS.filter((font) => wanted.includes(font.name)).map((font) => font.family);
  const faces = [...fonts].filter((face) => families.includes(unquote(face.family)));
  if (!faces.length) return Promise.resolve(false);
  // FontFace.load() fetches the file as the page's own @font-face would (same URL, same CORS
  // mode), so the next page finds it in the HTTP cache; no element uses the family yet, so
  // nothing on this page re-renders.
  return Promise.all(faces.map((face) => face.load())).then(
    () => {
      const have = new Set([...cached, ...WEB_FONTS.filter((font) => faces.some((face) => unquote(face.family) === font.family)).map((font) => font.name)]);
      return writeRaw(
        KEYS.webFonts,
        WEB_FONTS.map((font) => font.name)
          .filter((name) => have.has(name))
          .join(' '),
      );
    },
    () => false,
  );
}
