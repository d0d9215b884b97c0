/**
 * The theme's inline script, apart from theme.ts so that the modules which write a page's head
 * (src/build/pipeline/head-scripts.ts, loaded by the build and the server) need only the storage key's
 * name, not the code that reads storage.
 */
import { KEYS } from '../../shared/storage-keys.ts';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Runs inline in <head> before the body paints. Kept tiny and dependency-free; its hash is put in
 * the Content-Security-Policy by the pre-render script, so no 'unsafe-inline' is needed. It sets
 * `data-theme` only: the stylesheet gives each theme its `color-scheme`, on screens alone, so a
 * page printed in the dark theme gets light form controls too (an inline style would outrank the
 * print sheet).
 */
export const THEME_INIT_SCRIPT = `(()=>{let t;try{t=localStorage.getItem(${JSON.stringify(KEYS.theme)})}catch{}if(t!=="light"&&t!=="dark")t=matchMedia("${DARK_QUERY}").matches?"dark":"light";document.documentElement.dataset.theme=t})()`;
