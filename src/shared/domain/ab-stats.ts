/**
 * The arithmetic behind the admin's A/B results: a conversion rate's 95 % interval (Wilson score)
 * and whether two variants' rates differ by more than chance (a two-proportion z-test). Pure
 * functions, shared by the admin and the tests. Every function takes the counts as they are
 * stored and bounds them first (boundedArm), so no stored number, however it got there, gives a
 * rate over 100 %, below 0 or NaN.
 */

/** The two-sided 95 % point of the standard normal distribution. */
export const Z_95 = 1.959963984540054;

/** The significance level the admin's verdict uses: a difference is called real when p < 0.05. */
export const SIGNIFICANCE_LEVEL = 0.05;

/**
 * The normal approximation behind the z-test needs a few of each outcome in each variant; below
 * this many conversions (or non-conversions) in either one the verdict waits, whatever p says.
 */
export const MIN_OUTCOMES = 5;

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval for `successes` out of `trials`. Unlike the textbook p ± z·√(p(1−p)/n), it
 * stays inside 0..1 and is honest for small counts and rates near 0 (one conversion in ten visits
 * does not give an interval reaching below zero). Null when there are no trials.
 */
export function wilsonInterval(storedSuccesses: number, storedTrials: number, z = Z_95): Interval | null {
  const { conversions: successes, impressions: trials } = boundedArm({ conversions: storedSuccesses, impressions: storedTrials });
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Error function, Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7): ample for a p-value
 * compared with 0.05 and shown with two or three digits.
 */
export function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - poly * Math.exp(-a * a));
}

/** The standard normal distribution function Φ(x). */
export function normalCdf(x: number): number {
  return 0.5 * (1 + erf(x / Math.SQRT2));
}

export interface Arm {
  conversions: number;
  impressions: number;
}

const count = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/**
 * An arm's counts as the statistics can use them: whole numbers, none negative or not a number,
 * and at most one conversion per impression. The server counts a conversion only for a visitor
 * with an impression, but rows written otherwise (before it did, or by hand) must not show a rate
 * over 100 % or a NaN.
 */
export function boundedArm(arm: Arm): Arm {
  const impressions = count(arm.impressions);
  return { impressions, conversions: Math.min(count(arm.conversions), impressions) };
}

/** Whether the stored counts claim more conversions than impressions (or are not counts at all): the admin says so. */
export function impossibleArm(arm: Arm): boolean {
  const bounded = boundedArm(arm);
  return bounded.impressions !== arm.impressions || bounded.conversions !== arm.conversions;
}

/** The conversion rate, 0 to 1, or null without impressions. */
export function conversionRate(arm: Arm): number | null {
  const { conversions, impressions } = boundedArm(arm);
  return impressions > 0 ? conversions / impressions : null;
}

export interface Comparison {
  /** The variant's rate minus the control's (a fraction: 0.02 is two points). */
  difference: number;
  z: number;
  /** Two-sided p-value; 1 when there is nothing to compare. */
  p: number;
  /** p < SIGNIFICANCE_LEVEL and both variants have at least MIN_OUTCOMES of each outcome. */
  significant: boolean;
  /** Whether the counts are too small for the normal approximation (see MIN_OUTCOMES). */
  tooFew: boolean;
}

/**
 * Two-proportion z-test with the pooled rate: z = (p₂ − p₁) / √(p̄(1 − p̄)(1/n₁ + 1/n₂)), and the
 * two-sided p = 2(1 − Φ(|z|)). Tests `variant` against `control`.
 */
export function compareRates(storedControl: Arm, storedVariant: Arm): Comparison {
  const control = boundedArm(storedControl);
  const variant = boundedArm(storedVariant);
  const tooFew = [control, variant].some((arm) => arm.conversions < MIN_OUTCOMES || arm.impressions - arm.conversions < MIN_OUTCOMES);
  if (control.impressions <= 0 || variant.impressions <= 0) return { difference: 0, z: 0, p: 1, significant: false, tooFew: true };
  const p1 = control.conversions / control.impressions;
  const p2 = variant.conversions / variant.impressions;
  const pooled = (control.conversions + variant.conversions) / (control.impressions + variant.impressions);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / control.impressions + 1 / variant.impressions));
  // Every visit converted, or none did: the two rates are equal and nothing can be told apart.
  if (se === 0) return { difference: p2 - p1, z: 0, p: 1, significant: false, tooFew };
  const z = (p2 - p1) / se;
  const p = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  return { difference: p2 - p1, z, p, significant: !tooFew && p < SIGNIFICANCE_LEVEL, tooFew };
}
