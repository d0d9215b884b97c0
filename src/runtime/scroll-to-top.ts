/**
 * Route changes scroll to the top of the page after 100 ms (seed §2, §9), smoothly, or instantly
 * under prefers-reduced-motion. Not on the first load (the browser places that page), not when
 * only the query changes, and not when the new URL has a #hash: FAQ deep links and the like
 * scroll to their own target.
 */
import type { Location } from 'react-router';

export const SCROLL_DELAY_MS = 100;

type Place = Pick<Location, 'pathname' | 'hash'>;

export function shouldScrollToTop(previous: Place, next: Place): boolean {
  return next.pathname !== previous.pathname && next.hash === '';
}

export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}

/** The part of react-router's data router this needs. */
export interface RouterLike {
  state: { location: Place };
  subscribe: (listener: (state: { location: Place }) => void) => () => void;
}

/** Starts following route changes; returns the stop function. */
export function startScrollToTop(router: RouterLike): () => void {
  let previous = router.state.location;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = router.subscribe(({ location }) => {
    if (location === previous) return;
    const scroll = shouldScrollToTop(previous, location);
    previous = location;
    if (!scroll) return;
    clearTimeout(timer);
    timer = setTimeout(() => window.scrollTo({ top: 0, left: 0, behavior: scrollBehavior() }), SCROLL_DELAY_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
