/**
 * The admin dashboard's A/B experiments section: each experiment's id, variants and coverage,
 * the variant this browser sees, and its results. With the site's server (and a session there):
 * every visitor's impressions and conversions as the server counted them, with intervals and
 * significance (ExperimentResults). On a static host: the counts kept in this browser only, as
 * before (the analytics tag, when one is installed, has everyone's).
 */
import { useSyncExternalStore } from 'react';
import { experimentResults, type ExperimentResult } from '@/browser/api/insight-api';
import { TableScroll } from '@/ui/components/ui/TableScroll';
import { conversionRate } from '@/shared/domain/ab-stats';
import { EXPERIMENTS, type Experiment } from '@/shared/experiments/registry';
import { countsFor, currentVariant, readStats } from '@/browser/experiments/tracking';
import { KEYS } from '@/browser/storage/storage';
import { useStoredRaw } from '@/browser/storage/use-stored';
import { ExperimentResults, VariantColumns } from './ExperimentResults';
import { useServerInsight, type Insight } from './use-server-insight';

const noSubscription = () => () => {};

/** This browser's rate, bounded as the server's is (its storage can hold anything a visitor wrote there). */
function rate(conversions: number, impressions: number): string {
  const value = conversionRate({ conversions, impressions });
  return value === null ? '–' : `${(value * 100).toFixed(1)} %`;
}

function ExperimentDetails({ experiment, server }: { experiment: Experiment; server: Insight<ExperimentResult[]> }) {
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
  const fromServer = server.kind === 'ready' ? server.data.find((result) => result.id === experiment.id) : undefined;
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
      {fromServer ? (
        <ExperimentResults result={fromServer} headingId={headingId} />
      ) : server.kind === 'checking' ? (
        <p className="admin-empty">Loading the counts…</p>
      ) : (
        <LocalCounts experiment={experiment} headingId={headingId} stats={stats} />
      )}
    </div>
  );
}

/** The counts this browser keeps (a static host, or no server session). */
function LocalCounts({ experiment, headingId, stats }: { experiment: Experiment; headingId: string; stats: ReturnType<typeof readStats> }) {
  return (
    <>
      <p className="field-hint">Counted in this browser only.</p>
      <TableScroll>
        <table aria-labelledby={headingId} data-source="browser">
          <VariantColumns />
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
    </>
  );
}

export function ExperimentSection() {
  const { state: server, retry } = useServerInsight(experimentResults);
  return (
    <section className="admin-section" id="experiments" aria-labelledby="experiments-heading">
      <h2 id="experiments-heading">A/B experiments</h2>
      <p className="field-hint">
        {server.kind === 'ready'
          ? 'Impressions (one per visitor) and conversions (visitors who clicked the call to action after their impression, once each), counted by the site’s server from every visitor who allows measuring (none with Global Privacy Control or Do Not Track); the server keeps a hash of each visitor’s random id, never the id or anything else about them.'
          : 'Impressions (one per visit) and conversions (clicks on the call to action), counted in this browser only: the site’s server counts every visitor’s when it serves the site. Every visitor’s numbers reach the analytics tag when one is installed on the site.'}
      </p>
      {server.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the server’s counts: {server.message}{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      {EXPERIMENTS.map((experiment) => (
        <ExperimentDetails key={experiment.id} experiment={experiment} server={server} />
      ))}
    </section>
  );
}
