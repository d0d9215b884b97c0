/**
 * The framework-free runtime every page shares, started by the entry script. Pieces that only
 * some pages need (the A/B test, the admin's Logout, a product's Print button) load on demand
 * where their markup is.
 */
import { measuringAllowed } from '@/analytics/consent';
import { KEYS, readRaw } from '@/storage/storage';
import css from '@/styles/script/runtime.css?inline';
import { followSystemTheme } from '@/theme/theme';
import { cacheWebFonts } from '@/theme/web-fonts';
import { startClickTracking } from './click-tracking';
import { startDetailsLinks } from './details-links';
import { startDisclosures } from './disclosures';
import { startFocusAfterMenu } from './focus-after-menu';
import { startHeaderScroll } from './header';
import { startImageFallbacks } from './images';
import { startLanguageSuggestion } from './language-suggestion';
import { startMenus } from './menus';
import { startMobileMenu } from './mobile-menu';
import { startPrefetch } from './prefetch';
import { startSkipLink } from './skip-link';
import { addStyleSheet } from './style-sheet';
import { registerServiceWorker } from './service-worker';
import { startThemeToggle } from './theme-toggle';
import { startTooltips } from './tooltips';
import { reportWebVitals } from './web-vitals';

/**
 * Where the visit came from, kept for a lead sent later (src/analytics/attribution.ts). Its code
 * loads only on a page that may start a visit (nothing kept yet, a campaign link, another site's
 * link), or to remove what was kept once the visitor asks not to be measured.
 */
function recordAttribution(): void {
  const kept = readRaw(KEYS.attribution, 'session') !== null;
  const referrer = document.referrer;
  const arriving = !kept || location.search.includes('utm_') || (referrer !== '' && !referrer.startsWith(`${location.origin}/`));
  // A chunk that cannot load (a deploy since the page was fetched) only means this visit is not attributed.
  if (measuringAllowed() ? arriving : kept)
    void import('@/analytics/attribution').then(
      (m) => m.recordArrival(),
      () => undefined,
    );
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/** Lets the browser paint and handle input before the next piece of start-up work. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Starts each piece in a task of its own, so start-up is a series of short tasks rather than one
 * long one that would hold up a tap on a slow phone. Resolves once every piece has started.
 */
export async function startPage(): Promise<void> {
  // Before anything that can show a tooltip or a failed image's box.
  addStyleSheet('runtime', css);
  const pieces = [
    startImageFallbacks,
    startSkipLink,
    startHeaderScroll,
    startMenus,
    startDisclosures,
    startMobileMenu,
    startThemeToggle,
    startTooltips,
    startClickTracking,
    startDetailsLinks,
    startFocusAfterMenu,
    startPrefetch,
    followSystemTheme,
  ];
  for (const start of pieces) {
    start();
    await yieldToBrowser();
  }
  // The A/B test counts a click on its call to action as soon as the page's runtime has started
  // (the runtime is not marked started before it does); its impression is not urgent: after the
  // page has loaded, so it never competes with it.
  if (document.querySelector('[data-experiment-impression], [data-experiment-conversion]')) {
    const experiments = await import('./experiments').catch(() => null);
    experiments?.trackConversions();
    if (experiments) afterLoad(experiments.recordImpressions);
  }
  if (document.querySelector('[data-admin-logout]')) void import('./admin-logout').then((m) => m.startAdminLogout());
  // The next page uses the web fonts once they are cached; fetching them waits until this one has loaded.
  afterLoad(() => void cacheWebFonts());
  afterLoad(recordAttribution);
  // Offered once the page has loaded, so it never competes with the page's first paint.
  afterLoad(() => void startLanguageSuggestion());
  if (document.querySelector('[data-print-button]')) void import('./print-button').then((m) => m.startPrintButton());
  registerServiceWorker();
  reportWebVitals();
}
