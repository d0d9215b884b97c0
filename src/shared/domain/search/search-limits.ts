/**
 * How many results a search shows and how long one may take, in the browser and on the server.
 * Apart from the search itself (run-search.ts), which a page loads only when the browser has to
 * search on its own: the search page and the box need these from the start.
 */

/** How many results a search shows at most (their fragments are fetched). */
export const SHOWN_RESULTS = 10;

/**
 * The work's result, or an error once `ms` have passed: Pagefind waits for ever on an index whose
 * loading failed, and a visitor (or a request) must not.
 */
export function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The search took more than ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
