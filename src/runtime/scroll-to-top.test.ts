import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_DELAY_MS, shouldScrollToTop, startScrollToTop, type RouterLike } from './scroll-to-top';

const at = (pathname: string, hash = '') => ({ pathname, hash });

describe('shouldScrollToTop', () => {
  it('scrolls when the path changes', () => {
    expect(shouldScrollToTop(at('/'), at('/about'))).toBe(true);
  });
  it('does not scroll for a #hash (deep links) or when only the query or hash changes', () => {
    expect(shouldScrollToTop(at('/'), at('/faq', '#shipping'))).toBe(false);
    expect(shouldScrollToTop(at('/faq'), at('/faq', '#pricing'))).toBe(false);
    expect(shouldScrollToTop(at('/blog'), at('/blog'))).toBe(false);
  });
});

describe('startScrollToTop', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  let reduced: boolean;
  let listener: (state: { location: ReturnType<typeof at> }) => void;
  const router: RouterLike = {
    state: { location: at('/') },
    subscribe: (fn) => {
      listener = fn;
      return () => {};
    },
  };

  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo = vi.fn();
    reduced = false;
    (globalThis as { window?: unknown }).window = { scrollTo, matchMedia: () => ({ matches: reduced }) };
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { window?: unknown }).window;
  });

  it('does nothing on the first load, then scrolls smoothly 100 ms after a route change', () => {
    const stop = startScrollToTop(router);
    expect(scrollTo).not.toHaveBeenCalled();
    listener({ location: at('/about') });
    vi.advanceTimersByTime(SCROLL_DELAY_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
    stop();
  });

  it('jumps instantly under prefers-reduced-motion', () => {
    reduced = true;
    startScrollToTop(router);
    listener({ location: at('/contact') });
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('leaves deep links alone and scrolls once for quick successive changes', () => {
    startScrollToTop(router);
    listener({ location: at('/faq', '#shipping') });
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(scrollTo).not.toHaveBeenCalled();
    listener({ location: at('/blog') });
    vi.advanceTimersByTime(50);
    listener({ location: at('/blog/1') });
    vi.advanceTimersByTime(SCROLL_DELAY_MS);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
