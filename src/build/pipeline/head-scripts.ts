/**
 * What pages carry inline in <head>: the scripts that must run before the body paints
 * (theme, A/B variant, portal sign-in). The pre-render lists each one's SHA-256 in the
 * Content-Security-Policy, so no 'unsafe-inline', and those of the entry loader and of the
 * speculation rules the runtime adds.
 *
 * This module is imported by vite.config.ts, so it must not import React.
 */
import { ADMIN_LABEL_SCRIPT, PORTAL_GUARD_SCRIPT } from '../../browser/auth/guard-script.ts';
import { AB_INIT_SCRIPT } from '../../shared/experiments/assign.ts';
import { FONTS_INIT_SCRIPT } from '../../browser/theme/fonts-script.ts';
import { THEME_INIT_SCRIPT } from '../../browser/theme/theme-script.ts';
import { SPECULATION_RULES } from '../../browser/runtime/speculation-rules.ts';

/**
 * Moving between pages cross-fades, unless the visitor asks for less motion: the opt-in rule is
 * added here, before the first paint, rather than in the stylesheet, because the W3C HTML
 * checker's CSS parser does not know `@view-transition` and would report every page as invalid.
 * A cross-document view transition is skipped when another navigation starts before it has run
 * (a quick second click, a redirect); its promises then reject, as they should. Handled on both
 * sides of the navigation, so the skip is not an uncaught error.
 */
const VIEW_TRANSITION_INIT_SCRIPT =
  '(()=>{let s=document.createElement("style");' +
  's.textContent="@media (prefers-reduced-motion: no-preference){@view-transition{navigation:auto}}";document.head.append(s);' +
  'let q=e=>{let v=e.viewTransition,n=()=>{};if(v){v.ready.catch(n);v.finished.catch(n);v.updateCallbackDone?.catch(n)}};' +
  'addEventListener("pagereveal",q);addEventListener("pageswap",q)})()';

/**
 * Theme, web fonts, the admin label and view transitions in one inline script (one hash in the
 * policy, one tag); the A/B variant's script and the portals' guard apart, since the pre-render
 * keeps each only in the pages that need it (src/build/pipeline/finish-page.ts), so every other page's
 * first round trip is smaller.
 */
export const INIT_SCRIPTS = [
  [THEME_INIT_SCRIPT, FONTS_INIT_SCRIPT, ADMIN_LABEL_SCRIPT, VIEW_TRANSITION_INIT_SCRIPT].join(';'),
  AB_INIT_SCRIPT,
  PORTAL_GUARD_SCRIPT,
];

/**
 * Starts the page's entry script (named in `data-entry`) once the browser reports the first
 * contentful paint, so on a slow network nothing but the HTML stands between the visitor and
 * that paint: the page reads and looks complete without script, and the runtime only adds
 * behaviour. A tab opened in the background paints nothing, and a browser without paint timing
 * reports nothing, so a timer starts it after a second there. At the same moment it adds the
 * stylesheets written in `<noscript data-later>` (the print and footer sheets,
 * src/build/pipeline/finish-page.ts), each just before its `<noscript>`; a sheet that fails to
 * load is removed with its `<noscript>`, so what waited for it (the footer) is drawn unstyled
 * rather than not at all.
 */
export const ENTRY_LOADER_SCRIPT =
  '(s=>{let d,go=()=>{if(!d){d=1;' +
  'for(let n of document.querySelectorAll("noscript[data-later]")){n.insertAdjacentHTML("beforebegin",n.textContent);let l=n.previousSibling;l.onerror=()=>{l.remove();n.remove()}}' +
  'import(s)}};' +
  'try{new PerformanceObserver(l=>{if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true})}catch(e){}' +
  'setTimeout(go,1000)})(document.currentScript.dataset.entry)';

/** Every inline script body, for the Content-Security-Policy: the speculation rules are one, added by the runtime. */
export const INLINE_SCRIPT_SOURCES = [...INIT_SCRIPTS, ENTRY_LOADER_SCRIPT, SPECULATION_RULES];
