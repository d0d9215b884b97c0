/**
 * Tooltip timing: a tooltip opens after 700 ms of hover, or at once on keyboard focus;
 * once one has been open, another opens at once if the pointer reaches it within 300 ms of the
 * first closing (the skip delay), so sweeping across a toolbar does not wait 700 ms per button.
 * Shared by every tooltip on the page; only one is open at a time.
 */
export const OPEN_DELAY_MS = 700;
export const SKIP_DELAY_MS = 300;
/** Time to move the pointer from a button onto its tooltip (WCAG 1.4.13: hoverable). */
export const CLOSE_GRACE_MS = 100;

/** How long to wait before opening on hover. */
export function hoverDelay(now: number, lastClosedAt: number, anotherOpen: boolean): number {
  return anotherOpen || now - lastClosedAt < SKIP_DELAY_MS ? 0 : OPEN_DELAY_MS;
}

interface OpenTooltip {
  close: () => void;
}

let open: OpenTooltip | null = null;
let lastClosedAt = Number.NEGATIVE_INFINITY;

export function delayFor(tooltip: OpenTooltip, now: number): number {
  return hoverDelay(now, lastClosedAt, open !== null && open !== tooltip);
}

/** Marks `tooltip` as the open one, closing any other first. */
export function markOpen(tooltip: OpenTooltip): void {
  if (open && open !== tooltip) open.close();
  open = tooltip;
}

export function markClosed(tooltip: OpenTooltip, now: number): void {
  if (open === tooltip) open = null;
  lastClosedAt = now;
}
