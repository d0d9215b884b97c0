/**
 * Browsers that support speculation rules fetch a same-site page when the pointer rests on its
 * link (or presses it), so the next page is usually in the cache when the click lands. The
 * portals are left out: their pages depend on sign-in. The runtime adds the rules once the page
 * has loaded (src/browser/runtime/prefetch.ts): nothing can be prefetched before a visitor can point at a
 * link, and the page's first round trip carries none of it. Its text is hashed into the
 * Content-Security-Policy (src/build/pipeline/head-scripts.ts), so it must stay as it is written here.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      source: 'document',
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/admin*' } }, { not: { href_matches: '/investors*' } }] },
      eagerness: 'moderate',
    },
  ],
});
