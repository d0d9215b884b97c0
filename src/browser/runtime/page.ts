/**
 * The framework-free runtime every page shares, started by the entry script. Pieces that only
 * some pages need (the A/B test, the admin's Logout, a product's Print button) load on demand
 * where their markup is.
 */
import css from '@/ui/styles/script/runtime.css?inline';
import { followSystemTheme } from '@/browser/theme/theme';
import { cacheWebFonts } from '@/browser/theme/web-fonts';
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
import { startPrintAddresses } from './print-addresses';
import { startSearchEntry } from './search-entry';
import { startSkipLink } from './skip-link';
import { addStyleSheet } from './style-sheet';
import { registerServiceWorker } from './service-worker';
import { startThemeToggle } from './theme-toggle';
import { startTooltips } from './tooltips';
import { reportWebVitals } from './web-vitals';

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
    startPrintAddresses,
    startSearchEntry,
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
  // Where the visit came from, kept for a lead sent later (src/browser/analytics/visit-attribution.ts decides,
  // measuring allowed, whether this page starts a visit). Loaded after the page, outside the
  // start's budget; a chunk that cannot load (a deploy since) only leaves this visit unattributed.
  afterLoad(
    () =>
      void import('@/browser/analytics/visit-attribution').then(
        (m) => m.recordArrival(),
        () => undefined,
      ),
  );
  // Offered once the page has loaded, so it never competes with the page's first paint.
  afterLoad(() => void startLanguageSuggestion());
  if (document.querySelector('[data-print-button]')) void import('./print-button').then((m) => m.startPrintButton());
  registerServiceWorker();
  reportWebVitals();
}
