/**
 * How long a test waits for something a page or a server does by itself (an answer drawn, an
 * e-mail arriving, a service worker taking over) before it gives up. Only a safety net: a working
 * run sees the event within a second or two, and the wait ends with it; a machine three times
 * slower than a busy 2-core one, beside other test files, must still see it in time. A shorter
 * limit (5 s, 15 s) measured the machine rather than the site.
 */
export const EVENT_WAIT_MS = 60_000;

/**
 * What a page's loads, clicks and waits may take in Playwright when the test gives no limit of its
 * own: a safety net, like EVENT_WAIT_MS. Playwright's own 30 s met a sign-in page's load with
 * eight test files at once, and the dev server's first load of a page, which compiles its
 * modules, on a busy 2-core machine.
 */
export const PAGE_WAIT_MS = 180_000;
