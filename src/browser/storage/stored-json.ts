/**
 * JSON values in browser storage, through storage.ts (so nothing here throws either): reads are
 * checked against the entity's schema, invalid list items are dropped (and logged) and valid ones
 * kept; corrupted JSON reads as missing.
 */
import * as v from 'valibot';
import { readRaw, writeRaw, type Area } from './storage';

function parse(key: string, raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    console.error(`[storage] "${key}" holds corrupted JSON; ignoring it`);
    return undefined;
  }
}

/** A stored value checked against `schema`, or `fallback` when missing, corrupted or invalid. */
export function readJson<S extends v.GenericSchema>(key: string, schema: S, fallback: v.InferOutput<S>, which: Area = 'local'): v.InferOutput<S> {
  const value = parse(key, readRaw(key, which));
  if (value === undefined) return fallback;
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  console.error(`[storage] "${key}" has the wrong shape; ignoring it:`, result.issues[0]?.message);
  return fallback;
}

/** A stored list: items that fail `itemSchema` are dropped and logged, the rest kept. */
export function readList<S extends v.GenericSchema>(key: string, itemSchema: S, which: Area = 'local'): v.InferOutput<S>[] {
  const value = parse(key, readRaw(key, which));
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    console.error(`[storage] "${key}" should hold a list; ignoring it`);
    return [];
  }
  const kept: v.InferOutput<S>[] = [];
  value.forEach((item, index) => {
    const result = v.safeParse(itemSchema, item);
    if (result.success) kept.push(result.output);
    else console.error(`[storage] dropped invalid item ${index} of "${key}":`, result.issues[0]?.message);
  });
  return kept;
}

/**
 * A stored list's items as they are, valid or not, for read-modify-write: items this version of
 * the site cannot read are kept rather than silently lost on the next save. Corrupted JSON cannot
 * be read by anyone, so it reads as empty and a save replaces it.
 */
export function readRawList(key: string, which: Area = 'local'): unknown[] {
  const raw = readRaw(key, which);
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

/** Stores `value` as JSON; false (and logged) when it cannot be serialised or stored. */
export function writeJson(key: string, value: unknown, which: Area = 'local'): boolean {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    console.error(`[storage] could not serialise "${key}":`, error);
    return false;
  }
  // undefined, a function or a symbol has no JSON: storing "undefined" would corrupt the key.
  if (json === undefined) {
    console.error(`[storage] could not serialise "${key}": the value has no JSON form`);
    return false;
  }
  return writeRaw(key, json, which);
}
