/**
 * The browser's side of what the admin reads about visits (src/server/api/insight.ts): the A/B
 * counts of every visitor, and the field web vitals per route and device. Errors are ApiErrors
 * from portal-api.ts, with the server's own words.
 */
import type { FieldRow } from '@/shared/domain/field-vitals';
import { request } from './portal-api';

export interface ExperimentResult {
  id: string;
  coverage: number;
  /** The first day counted (YYYY-MM-DD), or null before any beacon. */
  since: string | null;
  variants: { variant: string; impressions: number; conversions: number }[];
}

export interface FieldData {
  from: string;
  to: string;
  days: number;
  rows: FieldRow[];
}

export async function experimentResults(): Promise<ExperimentResult[]> {
  return ((await (await request('/api/admin/experiments')).json()) as { experiments: ExperimentResult[] }).experiments;
}

export async function fieldData(): Promise<FieldData> {
  return (await (await request('/api/admin/field-data')).json()) as FieldData;
}
