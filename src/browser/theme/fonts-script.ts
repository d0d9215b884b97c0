/**
 * The web fonts' names and their inline script, apart from web-fonts.ts so that the modules which
 * write a page's head (src/build/pipeline/head-scripts.ts, loaded by the build and the server) need only
 * the storage key's name, not the code that reads storage.
 */
import { KEYS } from '../../shared/storage-keys.ts';

/** The @font-face families in fonts.css that are files to download (not local fallbacks), by the name <html data-fonts> gives each. */
export const WEB_FONTS = [
  { name: 'inter', family: 'Inter Variable' },
  { name: 'fraunces', family: 'Fraunces Variable' },
  { name: 'arabic', family: 'Noto Sans Arabic Variable' },
] as const;
export type WebFont = (typeof WEB_FONTS)[number]['name'];

/** What a page in a Latin script fetches (see web-fonts.ts). */
export const DEFAULT_FONTS: readonly WebFont[] = ['inter', 'fraunces'];

/** What an earlier version stored once it had cached its two fonts, Inter and Fraunces. */
export const BOTH_LATIN = '1';

/** Runs inline in <head>: `<html data-fonts="inter fraunces">` switches the font stacks in site.css. */
export const FONTS_INIT_SCRIPT = `(()=>{try{let f=localStorage.getItem(${JSON.stringify(KEYS.webFonts)});if(f)document.documentElement.dataset.fonts=f===${JSON.stringify(BOTH_LATIN)}?${JSON.stringify(DEFAULT_FONTS.join(' '))}:f}catch{}})()`;
