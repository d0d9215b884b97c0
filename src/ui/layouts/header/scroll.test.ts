import { describe, expect, it } from 'vitest';
import { COMPACT_AFTER_PX, isCompact, scrollProgress } from './scroll';

describe('scrollProgress', () => {
  it('is 0 at the top, 50 half-way and 100 at the bottom', () => {
    expect(scrollProgress(0, 3000, 1000)).toBe(0);
    expect(scrollProgress(1000, 3000, 1000)).toBe(50);
    expect(scrollProgress(2000, 3000, 1000)).toBe(100);
  });

  it('clamps overscroll (rubber-banding) to 0-100', () => {
    expect(scrollProgress(-40, 3000, 1000)).toBe(0);
    expect(scrollProgress(2300, 3000, 1000)).toBe(100);
  });

  it('is 0 on a page shorter than the viewport', () => {
    expect(scrollProgress(0, 800, 1000)).toBe(0);
    expect(scrollProgress(0, 1000, 1000)).toBe(0);
  });
});

describe('isCompact', () => {
  it('compacts after more than 6 px, not at 6', () => {
    expect(COMPACT_AFTER_PX).toBe(6);
    expect(isCompact(6)).toBe(false);
    expect(isCompact(6.5)).toBe(true);
    expect(isCompact(7)).toBe(true);
  });
});
