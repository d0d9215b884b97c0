/**
 * The rewrites every rendered page goes through before a visitor gets it, whether the pre-render
 * writes it to a file or the server of `npm start` renders it on request (a post added through
 * the admin API): the entry script starts after the first paint, the A/B variant's head script
 * stays only where a variant is shown, the first screen's images and the stylesheets are inlined
 * (less the rules that can match nothing on the page: unused-rules.ts), the markup is written
 * shorter where that changes nothing (compact-markup.ts), and the first paint waits for no more than the first round trip brings (src/build/pipeline/first-paint.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { GUARDED_PATHS, PORTAL_GUARD_SCRIPT } from '../../browser/auth/guard-script';
import { AB_INIT_SCRIPT } from '../../shared/experiments/assign';
import { ENTRY_LOADER_SCRIPT } from './head-scripts';
import { manifestKey, type ClientManifest } from './client-manifest';
import { blockRenderUntilFirstScreen, moveStructuredDataToBody } from './first-paint';
import { inlineFirstScreenImages } from './inline-image';
import { BASE_SHEET, FEATURE_SHEETS, FOOTER_SHEET, PRINT_SHEET, sheet, sheetsForPage, type Sheet } from './page-styles';
import { compactMarkup } from './compact-markup';
import { dropUnusedRules } from './unused-rules';

/**
 * Replaces the entry script and its modulepreload links in <head> with the small loader at the
 * end of <body> that starts the entry after the first paint: no script is fetched ahead of it.
 */
export function deferEntryScript(html: string): string {
  let entry = '';
  const head = html.slice(0, html.indexOf('</head>'));
  const kept = head.replace(/<script type="module"[^>]*src="([^"]*)"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, (_, src?: string) => {
    if (src) entry = src;
    return '';
  });
  if (!entry) throw new Error('The page template names no entry script: the client build did not inject it');
  const loader = `<script data-entry="${entry}">${ENTRY_LOADER_SCRIPT}</script>`;
  // By a function: a $& or $' in the script would otherwise stand for parts of the page.
  return kept + html.slice(head.length).replace('</body>', () => `${loader}</body>`);
}

/**
 * The A/B variant script only where a variant is on the page, the portals' guard only on the
 * pages it guards: every other page's HTML stays smaller.
 */
export function dropUnusedInitScripts(html: string, urlPath: string): string {
  const withAb = html.includes(' data-experiment=') ? html : html.replace(`<script>${AB_INIT_SCRIPT}</script>`, '');
  return GUARDED_PATHS.includes(urlPath) ? withAb : withAb.replace(`<script>${PORTAL_GUARD_SCRIPT}</script>`, '');
}

/**
 * Puts the stylesheets in the page itself: on a slow network the page then paints as soon as its
 * HTML arrives, instead of after a second round trip for render-blocking CSS. The base sheet,
 * then the feature sheets the page uses (src/build/pipeline/page-styles.ts). The web fonts it names are
 * not preloaded: a first visit paints in the fallback faces (src/browser/theme/web-fonts.ts).
 */
function inlineStylesheets(html: string, readAsset: (sitePath: string) => string, features: Sheet[]): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_, href: string) => pageStyle(html, readAsset(href), features));
}

/** The page's one <style>: the base sheet, then the feature sheets the page uses. */
function pageStyle(html: string, baseCss: string, features: Sheet[]): string {
  return `<style>${[baseCss, ...sheetsForPage(html, features).map((feature) => feature.css)].join('')}</style>`;
}

/**
 * Reads a built file by its site path (`/assets/…css`, `/images/…svg`) from the build folder,
 * each once: every page inlines the same sheets and may draw the same illustration.
 */
export function assetReader(root: string): (sitePath: string) => string {
  const read = new Map<string, string>();
  return (sitePath) => {
    if (!read.has(sitePath)) read.set(sitePath, fs.readFileSync(path.join(root, sitePath), 'utf8'));
    return read.get(sitePath) as string;
  };
}

/** What a page's stylesheets are made of: the feature sheets it may inline, and the site paths of the print and footer sheets, which it links. */
export interface PageSheets {
  features: Sheet[];
  print: string;
  footer: string;
}

/** A stylesheet's site path in a client build, found through its manifest (source file → built file). */
function builtSheet(manifest: ClientManifest, source: string): string {
  const key = manifestKey(manifest, source);
  const chunk = key && manifest[key];
  if (!chunk) throw new Error(`${source} is not in the client build's manifest: add it to the client build's inputs`);
  return `/${chunk.file}`;
}

/**
 * The page template of a client build, linking its base sheet as Vite links an entry script's
 * sheet: last in <head>, where the page's head tags are then ordered around it and
 * inlineStylesheets puts the page's sheets. The base sheet is an input of its own (BASE_SHEET), so
 * Vite links none.
 */
export function linkBaseSheet(template: string, manifest: ClientManifest): string {
  return template.replace('</head>', () => `<link rel="stylesheet" href="${builtSheet(manifest, BASE_SHEET)}"></head>`);
}

/** The stylesheets of a client build. */
export function pageSheets(manifest: ClientManifest, readAsset: (sitePath: string) => string): PageSheets {
  return {
    features: FEATURE_SHEETS.map((source) => sheet(source, readAsset(builtSheet(manifest, source)))),
    print: builtSheet(manifest, PRINT_SHEET),
    footer: builtSheet(manifest, FOOTER_SHEET),
  };
}

/**
 * A stylesheet the page needs only after its first paint (the print sheet, the footer's), written
 * inside `<noscript data-later>`: the entry loader (ENTRY_LOADER_SCRIPT) adds the link in
 * its place once the page has painted, so nothing but the HTML is fetched before that paint; with
 * script off, the browser reads the link inside as it is.
 */
function afterPaintSheet(link: string): string {
  return `<noscript data-later>${link}</noscript>`;
}

/** The dev server's pages link their sheets as they are (their entry script is not the loader). */
const asIs = (link: string) => link;

/** The print sheet for print only, last in <head>: its rules come after the inlined ones they replace. */
function linkPrintSheet(html: string, href: string, wrap: (link: string) => string): string {
  return html.replace('</head>', () => `${wrap(`<link rel="stylesheet" href="${href}" media="print">`)}</head>`);
}

/**
 * The footer's sheet just before the footer: a stylesheet in <body> holds back only the markup
 * after it. The base sheet draws no footer that directly follows a `<noscript>` (one whose sheet
 * is still to come) and the footer's sheet draws it, so the footer is never shown unstyled, with
 * script or without. A page without the site's footer links nothing.
 */
function linkFooterSheet(html: string, href: string, wrap: (link: string) => string): string {
  return html.replace('<footer class="site-footer"', () => `${wrap(`<link rel="stylesheet" href="${href}">`)}<footer class="site-footer"`);
}

/** Every rewrite; the stylesheets last, since they follow the classes of the page as it will be served. */
export function finishPage(html: string, urlPath: string, readAsset: (sitePath: string) => string, sheets: PageSheets): string {
  const page = compactMarkup(
    linkFooterSheet(
      linkPrintSheet(
        dropUnusedRules(
          inlineStylesheets(inlineFirstScreenImages(dropUnusedInitScripts(deferEntryScript(html), urlPath), readAsset), readAsset, sheets.features),
          readAsset,
        ),
        sheets.print,
        afterPaintSheet,
      ),
      sheets.footer,
      afterPaintSheet,
    ),
  );
  // Last: the first round trip is weighed on the page as it will be served.
  return blockRenderUntilFirstScreen(moveStructuredDataToBody(page));
}

/**
 * The same rewrites for the dev server (src/build/pipeline/dev-server.ts), on a page rendered from the
 * sources: its stylesheets are the source sheets (the template links none), put in <head> by the
 * same choice of feature sheets; its entry script stays as it is, since Vite's client and the
 * islands' hot reloading start with it, and so the print and footer sheets are linked as they are
 * (no loader would add them).
 */
export function finishDevPage(html: string, urlPath: string, readAsset: (sitePath: string) => string, baseCss: string, features: Sheet[]): string {
  const page = inlineFirstScreenImages(dropUnusedInitScripts(html, urlPath), readAsset);
  const styled = linkFooterSheet(
    linkPrintSheet(
      page.replace('</head>', () => `${pageStyle(page, baseCss, features)}</head>`),
      `/${PRINT_SHEET}`,
      asIs,
    ),
    `/${FOOTER_SHEET}`,
    asIs,
  );
  return blockRenderUntilFirstScreen(moveStructuredDataToBody(styled));
}
