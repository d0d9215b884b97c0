/**
 * Browser entry: the small framework-free runtime every page shares (header, theme, tooltips,
 * images, prefetch, analytics hooks, service worker), then the page's islands, each hydrated on
 * its own React root when its time comes. Pages without an island never load React. The base
 * stylesheet is not imported here: every page has it inline (BASE_SHEET in src/build/pipeline/page-styles.ts).
 */
import { startIslands } from './runtime/islands/client';
import { startPage } from './runtime/page';
import { linkedSheetsSettled } from './runtime/style-sheet';

void Promise.all([startPage(), startIslands(), linkedSheetsSettled()]).then(() => {
  // Marks the document once the runtime has started, every island that hydrates without waiting for the visitor has and the sheets added after the first paint are in (used by CSS and tests).
  document.documentElement.dataset.hydrated = 'true';
});
