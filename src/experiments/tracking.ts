/**
 * What the visitor's browser records about an experiment: the variant they see (read from the
 * <html> attribute the init script set, so tracking always matches what is on screen), one
 * impression per session per experiment, and a conversion per click on the call to action. Both
 * are counted in this browser (for the admin's experiment section) and sent to the analytics hook
 * when the page has one.
 */
import * as v from 'valibot';
import { track } from '@/analytics';
import { KEYS, readRaw, writeRaw } from '@/storage/storage';
import { readJson, writeJson } from '@/storage/stored-json';
import { variantAttribute, type Experiment } from './registry';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const VariantCounts = v.object({ impressions: Count, conversions: Count });
/** Stored under KEYS.abConversions: experiment id → variant → counts. */
const StatsSchema = v.record(v.string(), v.record(v.string(), VariantCounts));
type VariantCounts = v.InferOutput<typeof VariantCounts>;
type ExperimentStats = v.InferOutput<typeof StatsSchema>;

const IMPRESSION_EVENT = 'ab_impression';
const CONVERSION_EVENT = 'ab_conversion';

/** The variant on screen, or null when the visitor is not in the experiment (the control shows). */
export function currentVariant(experiment: Experiment): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.documentElement.getAttribute(variantAttribute(experiment.id));
  return value !== null && experiment.variants.includes(value) ? value : null;
}

export function readStats(): ExperimentStats {
  return readJson(KEYS.abConversions, StatsSchema, {});
}

export function countsFor(stats: ExperimentStats, experimentId: string, variant: string): VariantCounts {
  return stats[experimentId]?.[variant] ?? { impressions: 0, conversions: 0 };
}

function bump(experimentId: string, variant: string, field: keyof VariantCounts): void {
  const stats = readStats();
  const counts = countsFor(stats, experimentId, variant);
  writeJson(KEYS.abConversions, { ...stats, [experimentId]: { ...stats[experimentId], [variant]: { ...counts, [field]: counts[field] + 1 } } });
}

/**
 * Records the impression once per browser session. Returns whether one was recorded: not when the
 * visitor is outside the experiment, already counted this session, or session storage refuses
 * the mark (counting every page view instead would inflate the numbers).
 */
export function recordImpression(experiment: Experiment): boolean {
  const variant = currentVariant(experiment);
  const key = KEYS.abImpression(experiment.id);
  if (!variant || readRaw(key, 'session') !== null || !writeRaw(key, variant, 'session')) return false;
  bump(experiment.id, variant, 'impressions');
  track(IMPRESSION_EVENT, { experiment_id: experiment.id, variant });
  return true;
}

/** Records a click on the experiment's call to action. */
export function recordConversion(experiment: Experiment): boolean {
  const variant = currentVariant(experiment);
  if (!variant) return false;
  bump(experiment.id, variant, 'conversions');
  track(CONVERSION_EVENT, { experiment_id: experiment.id, variant });
  return true;
}
