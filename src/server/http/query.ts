/**
 * Numbers from the query string. Digits only (Number() would also take 1e3, 0x10 and 1e20), and
 * bounded: a limit or offset past what the database's bigint holds fails there, not here.
 */
import { HttpError } from './json';

/** `raw` as a whole number from `min` to `max`, `fallback` when absent or empty; HttpError 400 otherwise. */
export function wholeNumber(raw: string | undefined, name: string, { fallback, min = 0, max }: { fallback: number; min?: number; max: number }): number {
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) throw new HttpError(400, `"${name}" must be a whole number from ${min} to ${max}`);
  return value;
}
