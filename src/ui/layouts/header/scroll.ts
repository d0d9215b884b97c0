/** Scroll-derived header state: progress clamped to 0-100 %, compact after more than 6 px. */
export const COMPACT_AFTER_PX = 6;

/** Share of the page scrolled, clamped to 0-100 %. */
export function scrollProgress(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const max = scrollHeight - viewportHeight;
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, (scrollY / max) * 100));
}

export function isCompact(scrollY: number): boolean {
  return scrollY > COMPACT_AFTER_PX;
}
