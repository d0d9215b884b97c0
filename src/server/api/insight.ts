/**
 * What the admin reads about the site's visits (admin session required, see admin.ts):
 * GET /api/admin/experiments: each experiment of the registry with every variant's impressions
 * and conversions summed over all days; GET /api/admin/field-data: per route and device class,
 * the 75th percentile of each web vital over the last FIELD_DAYS days, failing routes first.
 */
import { Hono } from 'hono';
import { fieldRows } from '@/shared/domain/field-vitals';
import { EXPERIMENTS } from '@/shared/experiments/registry';
import { utcDay } from '../beacons/recorder';
import type { Env } from '../context';
import { abTotals, vitalSums } from '../db/beacons';

/** The period the field-data table covers, today included (UTC days). */
export const FIELD_DAYS = 28;

export function insightRoutes(): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/experiments', async (c) => {
    const totals = await abTotals(c.var.deps.store.db);
    return c.json({
      experiments: EXPERIMENTS.map((experiment) => {
        const own = totals.filter((total) => total.experiment === experiment.id);
        const since = own.map((total) => total.since).sort()[0] ?? null;
        return {
          id: experiment.id,
          coverage: experiment.coverage,
          since,
          variants: experiment.variants.map((variant) => {
            const total = own.find((t) => t.variant === variant);
            return { variant, impressions: total?.impressions ?? 0, conversions: total?.conversions ?? 0 };
          }),
        };
      }),
    });
  });

  app.get('/field-data', async (c) => {
    const today = c.var.deps.now();
    const to = utcDay(today);
    const from = utcDay(new Date(today.getTime() - (FIELD_DAYS - 1) * 86_400_000));
    const rows = fieldRows(await vitalSums(c.var.deps.store.db, from, to));
    return c.json({ from, to, days: FIELD_DAYS, rows });
  });

  return app;
}
