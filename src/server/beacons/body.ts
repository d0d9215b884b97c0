/**
 * What a beacon may say, checked strictly: the A/B beacon names the visitor's random id and
 * experiments of the registry with the variant that id is assigned (as the page's head script
 * assigns it, so a beacon cannot claim a variant its visitor never saw), the vitals beacon a
 * well-formed route, a device class and at most one value of each metric, each a finite number in
 * its plausible range. Anything else is refused with a message naming it; nothing a beacon carries
 * is stored as it is: counts, and for A/B a hash standing for the visitor (service.ts).
 */
import { DEVICES, MAX_METRICS_PER_BEACON, MAX_VALUE, ROUTE_PATTERN, VITAL_NAMES, type Device, type VitalName } from '@/shared/domain/field-vitals';
import { assignVariant, isVisitorId } from '@/shared/experiments/assign';
import { EXPERIMENTS } from '@/shared/experiments/registry';
import type { AbEvent } from './recorder';

/** Both beacons are far smaller; sendBeacon bodies are queued by the browser, so keep them small. */
export const BEACON_BODY_LIMIT = 2048;
/**
 * Beacons accepted from one client address in any 60 s (BEACON_RATE_LIMIT_PER_MINUTE): a visitor
 * sends one to three a page, and an office or a phone network shows many visitors as one address.
 */
export const BEACON_RATE_LIMIT_DEFAULT = 600;

/** Events in one A/B beacon: a page shows few experiments. */
export const MAX_AB_EVENTS = 10;

const AB_EVENTS: readonly AbEvent[] = ['impression', 'conversion'];

export interface AbBeacon {
  /** The browser's random visitor id (32 hex digits), kept in its storage by the head script. */
  visitor: string;
  events: { experiment: string; variant: string; event: AbEvent }[];
}

export interface VitalsBeacon {
  route: string;
  device: Device;
  metrics: { name: VitalName; value: number }[];
}

/** A beacon that says something it may not; its message names what (answered 400). */
export class BeaconError extends Error {}

const bad = (message: string): never => {
  throw new BeaconError(message);
};

function object(value: unknown, where: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad(`${where} must be a JSON object`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !keys.includes(key));
  if (unknown !== undefined) bad(`Unknown field "${unknown.slice(0, 40)}" in ${where}; expected ${keys.join(', ')}`);
  return record;
}

function list(value: unknown, where: string, max: number): unknown[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max) bad(`"${where}" must be a list of 1 to ${max} entries`);
  return value as unknown[];
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], where: string): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : bad(`"${where}" must be one of ${allowed.join(', ')}`);

/** The body text as JSON; 400 when it is not. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return bad('The body is not valid JSON');
  }
}

export function parseAbBeacon(body: unknown): AbBeacon {
  const { visitor, events } = object(body, 'the body', ['visitor', 'events']);
  if (typeof visitor !== 'string' || !isVisitorId(visitor)) bad('"visitor" must be the visitor id the page keeps: 32 lower-case hex digits');
  const id = visitor as string;
  return {
    visitor: id,
    events: list(events, 'events', MAX_AB_EVENTS).map((entry, i) => {
      const fields = object(entry, `events[${i}]`, ['experiment', 'variant', 'event']);
      const experiment = EXPERIMENTS.find((known) => known.id === fields.experiment);
      if (!experiment) bad(`"events[${i}].experiment" must be one of ${EXPERIMENTS.map((known) => known.id).join(', ')}`);
      const known = experiment as (typeof EXPERIMENTS)[number];
      const variant = oneOf(fields.variant, known.variants, `events[${i}].variant`);
      if (assignVariant(known, id) !== variant) bad(`"events[${i}].variant" is not the variant of ${known.id} this visitor is assigned`);
      return { experiment: known.id, variant, event: oneOf(fields.event, AB_EVENTS, `events[${i}].event`) };
    }),
  };
}

export function parseVitalsBeacon(body: unknown): VitalsBeacon {
  const fields = object(body, 'the body', ['route', 'device', 'metrics']);
  if (typeof fields.route !== 'string' || !ROUTE_PATTERN.test(fields.route))
    bad('"route" must be a path of the site in lower case, like / or /blog/1 (no trailing slash, query or fragment)');
  const device = oneOf(fields.device, DEVICES, 'device');
  const seen = new Set<string>();
  const metrics = list(fields.metrics, 'metrics', MAX_METRICS_PER_BEACON).map((entry, i) => {
    const metric = object(entry, `metrics[${i}]`, ['name', 'value']);
    const name = oneOf(metric.name, VITAL_NAMES, `metrics[${i}].name`);
    if (seen.has(name)) bad(`"metrics" names ${name} twice; send each metric once`);
    seen.add(name);
    const value = metric.value;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_VALUE[name])
      bad(`"metrics[${i}].value" (${name}) must be a number from 0 to ${MAX_VALUE[name]}`);
    return { name, value: value as number };
  });
  return { route: fields.route as string, device, metrics };
}
