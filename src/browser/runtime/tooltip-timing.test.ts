import { describe, expect, it } from 'vitest';
import { OPEN_DELAY_MS, SKIP_DELAY_MS, delayFor, hoverDelay, markClosed, markOpen } from './tooltip-timing';

describe('hoverDelay', () => {
  it('waits 700 ms when no tooltip was open recently', () => {
    expect(OPEN_DELAY_MS).toBe(700);
    expect(hoverDelay(10_000, Number.NEGATIVE_INFINITY, false)).toBe(700);
    expect(hoverDelay(10_000, 10_000 - SKIP_DELAY_MS, false)).toBe(700);
  });
  it('opens at once within the 300 ms skip delay, or while another is open', () => {
    expect(SKIP_DELAY_MS).toBe(300);
    expect(hoverDelay(10_000, 10_000 - 299, false)).toBe(0);
    expect(hoverDelay(10_000, Number.NEGATIVE_INFINITY, true)).toBe(0);
  });
});

describe('shared state between tooltips', () => {
  it('closes the open tooltip when another opens, and starts the skip delay when one closes', () => {
    const closed: string[] = [];
    const a = { close: () => closed.push('a') };
    const b = { close: () => closed.push('b') };
    expect(delayFor(a, 1_000_000)).toBe(700);
    markOpen(a);
    expect(delayFor(a, 1_000_000)).toBe(700);
    expect(delayFor(b, 1_000_000)).toBe(0);
    markOpen(b);
    expect(closed).toEqual(['a']);
    markClosed(b, 1_000_100);
    expect(delayFor(a, 1_000_350)).toBe(0);
    expect(delayFor(a, 1_000_400)).toBe(700);
  });
});
