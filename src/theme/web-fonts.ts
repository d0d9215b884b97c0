/**
 * Web fonts only where the browser already has them.
 *
 * A first visit paints at once in the metric-matched fallback faces (fonts.css) and asks for no
 * font file before its first paint: on a slow phone network 35 kB of fonts would otherwise
 * compete with the page itself. Once the page has loaded, the runtime fetches the two font files
 * into the cache without using them on this page (no swap, so nothing moves) and remembers that
 * it did; from the next page on, the inline script below turns the web fonts on before the body
 * paints, and font-display: optional uses them from the cache in the first paint. If the cache
 * has dropped them meanwhile, optional keeps the fallback for that page: still no shift.
 *
 * This module is imported by vite.config.ts (for the inline script), so it must not import React.
 */
import { KEYS, readRaw, writeRaw } from '../storage/storage.ts';

/** The @font-face families in fonts.css that are files to download (not local fallbacks). */
const WEB_FONT_FAMILIES = ['Inter Variable', 'Fraunces Variable'];

/** Runs inline in <head>: `<html data-fonts="web">` switches the font stacks in styles.css. */
export const FONTS_INIT_SCRIPT = `(function(){try{if(localStorage.getItem(${JSON.stringify(KEYS.webFonts)})==="1")document.documentElement.dataset.fonts="web"}catch(e){}})()`;

/** Downloads the web fonts into the cache (after load) and records that the browser has them. */
export function cacheWebFonts(fonts: FontFaceSet = document.fonts): Promise<boolean> {
  if (readRaw(KEYS.webFonts) === '1') return Promise.resolve(true);
  const faces = [...fonts].filter((face) => WEB_FONT_FAMILIES.includes(face.family.replace(/^["']|["']$/g, '')));
  if (!faces.length) return Promise.resolve(false);
  // FontFace.load() fetches the file as the page's own @font-face would (same URL, same CORS
  // mode), so the next page finds it in the HTTP cache; no element uses the family yet, so
  // nothing on this page re-renders.
  return Promise.all(faces.map((face) => face.load())).then(
    () => writeRaw(KEYS.webFonts, '1'),
    () => false,
  );
}
