/**
 * The admin dashboard's A/B experiments section: each experiment's id, variants and coverage,
 * the variant this browser sees, and the impressions and conversions counted in this browser
 * (the analytics tag, when one is installed, has everyone's).
 */
import { useSyncExternalStore } from 'react';
import { TableScroll } from '@/components/ui/TableScroll';
import { EXPERIMENTS, type Experiment } from '@/experiments/registry';
import { countsFor, currentVariant, readStats } from '@/experiments/tracking';
import { KEYS } from '@/storage/storage';
import { useStoredRaw } from '@/storage/use-stored';

const noSubscription = () => () => {};

function rate(conversions: number, impressions: number): string {
  return impressions > 0 ? `${((conversions / impressions) * 100).toFixed(1)} %` : '–';
}

function ExperimentDetails({ experiment }: { experiment: Experiment }) {
  // Read after hydration only: the <html> attribute is this browser's, not the pre-render's.
  const variant = useSyncExternalStore(
    noSubscription,
    () => currentVariant(experiment),
    () => undefined,
  );
  // undefined while hydrating; afterwards it re-renders when the counts change (this tab or another).
  const stored = useStoredRaw(KEYS.abConversions);
  const stats = stored === undefined ? {} : readStats();
  const headingId = `experiment-${experiment.id}`;
  return (
    <div className="card experiment-card">
      <h3 id={headingId}>
        <code>{experiment.id}</code>
      </h3>
      <dl className="experiment-facts">
        <dt>Variants</dt>
        <dd>{experiment.variants.join(', ')}</dd>
        <dt>Coverage</dt>
        <dd>{Math.round(experiment.coverage * 100)} % of visitors</dd>
        <dt>This browser sees</dt>
        <dd>{variant === undefined ? '…' : (variant ?? `${experiment.variants[0]} (not enrolled)`)}</dd>
      </dl>
      <TableScroll>
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Impressions</th>
              <th scope="col">Conversions</th>
              <th scope="col">Conversion rate</th>
            </tr>
          </thead>
          <tbody>
            {experiment.variants.map((name) => {
              const { impressions, conversions } = countsFor(stats, experiment.id, name);
              return (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{impressions}</td>
                  <td>{conversions}</td>
                  <td>{rate(conversions, impressions)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

export function ExperimentSection() {
  return (
    <section className="admin-section" id="experiments" aria-labelledby="experiments-heading">
      <h2 id="experiments-heading">A/B experiments</h2>
      <p className="field-hint">
        Impressions (one per visit session) and conversions (clicks on the call to action) counted in this browser only. Every visitor’s numbers reach the
        analytics tag when one is installed on the site.
      </p>
      {EXPERIMENTS.map((experiment) => (
        <ExperimentDetails key={experiment.id} experiment={experiment} />
      ))}
    </section>
  );
}
