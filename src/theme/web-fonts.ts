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
export const WEB_FONT_FAMILIES = ['Inter Variable', 'Fraunces Variable'];

/** Runs inline in <head>: `<html data-fonts="web">` switches the font stacks in styles.css. */
export const FONTS_INIT_SCRIPT = `(function(){try{if(localStorage.getItem(${JSON.stringify(KEYS.webFonts)})==="1")document.documentElement.dataset.fonts="web"}catch(e){}})()`;

/** The font files the page's @font-face rules name for the web font families. */
export function webFontUrls(sheets: Iterable<CSSStyleSheet> = document.styleSheets): string[] {
  const urls = new Set<string>();
  for (const sheet of sheets) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!rule.cssText.startsWith('@font-face')) continue;
      const style = (rule as CSSFontFaceRule).style;
      const family = style.getPropertyValue('font-family').replace(/^["']|["']$/g, '');
      if (!WEB_FONT_FAMILIES.includes(family)) continue;
      for (const m of style.getPropertyValue('src').matchAll(/url\(["']?([^"')]+)["']?\)/g)) urls.add(m[1]);
    }
  }
  return [...urls];
}

/**
 * Downloads the web fonts into the HTTP cache (after load) and records that the browser has them.
 * A plain low-priority fetch of each file, not FontFace.load(): a loaded face makes the browser
 * re-check the fonts of every text on the page, a long task on a slow phone, for nothing.
 */
export function cacheWebFonts(urls: string[] = webFontUrls(), get: typeof fetch = (input, init) => fetch(input, init)): Promise<boolean> {
  if (readRaw(KEYS.webFonts) === '1') return Promise.resolve(true);
  if (!urls.length) return Promise.resolve(false);
  // The same URL and CORS mode as the @font-face request, so the next page's font load finds it in the cache.
  const request = (url: string) =>
    get(url, { mode: 'cors', credentials: 'same-origin', priority: 'low' } as RequestInit).then((r) => r.ok && r.arrayBuffer().then(() => true));
  return Promise.all(urls.map(request)).then(
    (ok) => ok.every(Boolean) && writeRaw(KEYS.webFonts, '1'),
    () => false,
  );
}
