/**
 * What the visitor's browser records about an experiment: the variant they see (read from the
 * <html> attribute the init script set, so tracking always matches what is on screen), one
 * impression per session per experiment, and a conversion per click on the call to action. Both
 * are counted in this browser (the admin's experiment section on a static host), sent to the
 * site's server as a beacon when it served the page (everyone's counts, for the admin), and to the
 * analytics hook when the page has one. A visitor with Global Privacy Control or Do Not Track is
 * not counted at all. The beacon carries the experiment, the variant, the event and the random
 * visitor id that picked the variant: the server counts each visitor once (one impression, then at
 * most one conversion) and checks the variant against the id, keeping only a hash of it.
 */
import { track } from '@/browser/analytics/tag';
import { sendBeacon } from '@/browser/analytics/beacon';
import { measuringAllowed } from '@/browser/analytics/consent';
import { KEYS, readRaw, writeRaw } from '@/browser/storage/storage';
import { variantAttribute, type Experiment } from '../../shared/experiments/registry';

interface VariantCounts {
  impressions: number;
  conversions: number;
}
/** Stored under KEYS.abConversions: experiment id → variant → counts. */
type ExperimentStats = Record<string, Record<string, VariantCounts>>;

const IMPRESSION_EVENT = 'ab_impression';
const CONVERSION_EVENT = 'ab_conversion';

/** The variant on screen, or null when the visitor is not in the experiment (the control shows). */
export function currentVariant(experiment: Experiment): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.documentElement.getAttribute(variantAttribute(experiment.id));
  return value !== null && experiment.variants.includes(value) ? value : null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/**
 * The stored counts, checked by hand rather than with a schema library: this module loads at
 * start on the home page, whose script budget the library's 2.6 kB would use up. Corrupted or
 * wrongly shaped counts read as none, as stored-json.ts does for other values.
 */
export function readStats(): ExperimentStats {
  const raw = readRaw(KEYS.abConversions);
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const valid =
    isObject(value) &&
    Object.values(value).every(
      (variants) =>
        isObject(variants) && Object.values(variants).every((counts) => isObject(counts) && isCount(counts.impressions) && isCount(counts.conversions)),
    );
  if (valid) return value as ExperimentStats;
  console.error(`[storage] "${KEYS.abConversions}" has the wrong shape; ignoring it`);
  return {};
}

export function countsFor(stats: ExperimentStats, experimentId: string, variant: string): VariantCounts {
  return stats[experimentId]?.[variant] ?? { impressions: 0, conversions: 0 };
}

/** The same shape the head script writes (assign.ts); repeated here so the home page's script does not carry assign.ts. */
const VISITOR_ID = /^[0-9a-f]{32}$/;

/** Sends an event to the site's server with the visitor id; nothing without one (the server would refuse it). */
function beacon(experimentId: string, variant: string, event: 'impression' | 'conversion'): void {
  const visitor = readRaw(KEYS.abVisitorId);
  if (visitor === null || !VISITOR_ID.test(visitor)) return;
  sendBeacon('ab', { visitor, events: [{ experiment: experimentId, variant, event }] });
}

function bump(experimentId: string, variant: string, field: keyof VariantCounts): void {
  const stats = readStats();
  const counts = countsFor(stats, experimentId, variant);
  writeRaw(KEYS.abConversions, JSON.stringify({ ...stats, [experimentId]: { ...stats[experimentId], [variant]: { ...counts, [field]: counts[field] + 1 } } }));
}

/**
 * Records the impression once per browser session. Returns whether one was recorded: not when the
 * visitor is outside the experiment, already counted this session, or session storage refuses
 * the mark (counting every page view instead would inflate the numbers).
 */
export function recordImpression(experiment: Experiment): boolean {
  if (!measuringAllowed()) return false;
  const variant = currentVariant(experiment);
  const key = KEYS.abImpression(experiment.id);
  if (!variant || readRaw(key, 'session') !== null || !writeRaw(key, variant, 'session')) return false;
  bump(experiment.id, variant, 'impressions');
  beacon(experiment.id, variant, 'impression');
  track(IMPRESSION_EVENT, { experiment_id: experiment.id, variant });
  return true;
}

/** Records a click on the experiment's call to action. */
export function recordConversion(experiment: Experiment): boolean {
  const variant = currentVariant(experiment);
  if (!variant || !measuringAllowed()) return false;
  bump(experiment.id, variant, 'conversions');
  // sendBeacon outlives the page, so the count survives the navigation the click starts.
  beacon(experiment.id, variant, 'conversion');
  track(CONVERSION_EVENT, { experiment_id: experiment.id, variant });
  return true;
}
