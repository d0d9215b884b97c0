/** The A/B arithmetic, checked against values worked out independently (Python's math.erfc, published Wilson tables). */
import { describe, expect, it } from 'vitest';
import { compareRates, normalCdf, wilsonInterval } from './ab-stats';

describe('wilsonInterval', () => {
  it('gives the published 95 % interval for 10 conversions in 100 visits', () => {
    const interval = wilsonInterval(10, 100);
    expect(interval?.low).toBeCloseTo(0.055229, 5);
    expect(interval?.high).toBeCloseTo(0.174366, 5);
  });

  it('stays inside 0..1 at the extremes, where the textbook interval leaves it', () => {
    expect(wilsonInterval(0, 20)).toEqual({ low: 0, high: expect.closeTo(0.161125, 5) });
    const all = wilsonInterval(20, 20);
    expect(all?.low).toBeCloseTo(0.838875, 5);
    expect(all?.high).toBe(1);
    // One in ten: p ± 1.96·√(p(1−p)/n) would reach −0.086.
    const one = wilsonInterval(1, 10);
    expect(one?.low).toBeCloseTo(0.017876, 5);
    expect(one?.high).toBeCloseTo(0.40415, 5);
  });

  it('narrows as visits grow and has no interval without visits', () => {
    const small = wilsonInterval(5, 50)!;
    const large = wilsonInterval(500, 5000)!;
    expect(large.high - large.low).toBeLessThan((small.high - small.low) / 5);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('normalCdf', () => {
  it('matches the standard normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.841345, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.975002, 6);
    expect(normalCdf(-1.96)).toBeCloseTo(0.024998, 6);
  });
});

describe('compareRates', () => {
  it('calls 10/100 against 20/100 significant (z 1.980, p 0.0477)', () => {
    const result = compareRates({ conversions: 10, impressions: 100 }, { conversions: 20, impressions: 100 });
    expect(result.difference).toBeCloseTo(0.1, 10);
    expect(result.z).toBeCloseTo(1.980295, 5);
    expect(result.p).toBeCloseTo(0.04767, 4);
    expect(result.significant).toBe(true);
  });

  it('calls 50/1000 against 60/1000 not yet significant (p 0.327)', () => {
    const result = compareRates({ conversions: 50, impressions: 1000 }, { conversions: 60, impressions: 1000 });
    expect(result.z).toBeCloseTo(0.980816, 5);
    expect(result.p).toBeCloseTo(0.326683, 4);
    expect(result.significant).toBe(false);
    expect(result.tooFew).toBe(false);
  });

  it('is symmetric: a worse variant gets a negative z and the same p', () => {
    const better = compareRates({ conversions: 120, impressions: 1000 }, { conversions: 150, impressions: 1000 });
    const worse = compareRates({ conversions: 150, impressions: 1000 }, { conversions: 120, impressions: 1000 });
    expect(better.p).toBeCloseTo(0.04964, 4);
    expect(worse.z).toBeCloseTo(-better.z, 10);
    expect(worse.p).toBeCloseTo(better.p, 10);
  });

  it('waits for enough conversions however small p is', () => {
    const result = compareRates({ conversions: 0, impressions: 40 }, { conversions: 4, impressions: 10 });
    expect(result.p).toBeLessThan(0.05);
    expect(result.tooFew).toBe(true);
    expect(result.significant).toBe(false);
  });

  it('waits until each variant has at least 5 conversions and 5 visits without one', () => {
    const enough = { conversions: 5, impressions: 10 };
    expect(compareRates(enough, { conversions: 5, impressions: 10 }).tooFew).toBe(false);
    expect(compareRates(enough, { conversions: 4, impressions: 10 }).tooFew).toBe(true);
    expect(compareRates({ conversions: 4, impressions: 10 }, enough).tooFew).toBe(true);
    expect(compareRates(enough, { conversions: 6, impressions: 10 }).tooFew).toBe(true);
    // A large clear difference is still not called while one variant has too few non-conversions.
    const almostAll = compareRates({ conversions: 100, impressions: 1000 }, { conversions: 296, impressions: 300 });
    expect(almostAll).toMatchObject({ tooFew: true, significant: false });
    expect(almostAll.p).toBeLessThan(0.05);
  });

  it('reports the difference of the rates, variant minus control', () => {
    expect(compareRates({ conversions: 30, impressions: 100 }, { conversions: 20, impressions: 100 }).difference).toBeCloseTo(-0.1, 10);
    expect(compareRates({ conversions: 0, impressions: 30 }, { conversions: 0, impressions: 40 }).difference).toBe(0);
    expect(compareRates({ conversions: 30, impressions: 30 }, { conversions: 20, impressions: 20 })).toMatchObject({ difference: 0, p: 1 });
  });

  it('has nothing to compare without visits or with equal all-or-nothing rates', () => {
    expect(compareRates({ conversions: 3, impressions: 9 }, { conversions: 0, impressions: 0 })).toEqual({
      difference: 0,
      z: 0,
      p: 1,
      significant: false,
      tooFew: true,
    });
    expect(compareRates({ conversions: 0, impressions: 0 }, { conversions: 3, impressions: 9 })).toMatchObject({ p: 1, significant: false });
    expect(compareRates({ conversions: 0, impressions: 30 }, { conversions: 0, impressions: 30 })).toMatchObject({ p: 1, z: 0, significant: false });
  });
});
