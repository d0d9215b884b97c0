/**
 * The Overview (server mode only: it counts every visitor's leads on the server): buyers' leads per
 * week over the last twelve weeks by kind, by the buyer's country, by product and by source, and
 * where the leads of those weeks stand in the pipeline, each as a chart with a table of its numbers
 * beside it. Loaded on its own, after the dashboard has found its server, so the dashboard's
 * JavaScript at start does not carry it or its chart code.
 */
import { useCallback, useEffect, useState } from 'react';
import { leadOverview } from '@/browser/api/admin-api';
import { OVERVIEW_WEEKS_DEFAULT, topSeries, type Overview } from '@/shared/domain/overview';
import { localDate } from '@/shared/domain/sales-pipeline';
import { BUYER_STATUS_LABELS } from '@/shared/domain/records';
import { formatDay } from './format';
import { useServerCall } from './lead-source';
import { PipelineChart, WeeklyChart } from './OverviewCharts';
import { errorMessage } from '../../../shared/error-message';

const HEADING_ID = 'overview-heading';
/** Colours a reader can tell apart in a stacked bar: the four largest series and the rest as "Other". */
const SHOWN_SERIES = 5;
const DAY_MS = 86_400_000;

type State = { kind: 'loading' } | { kind: 'ready'; overview: Overview } | { kind: 'failed'; reason: string };

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

export function OverviewSection() {
  const call = useServerCall();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const fetchOverview = useCallback(
    () =>
      call(leadOverview)(OVERVIEW_WEEKS_DEFAULT, localDate(new Date())).then(
        (overview) => setState({ kind: 'ready', overview }),
        (error: unknown) => setState({ kind: 'failed', reason: errorMessage(error) }),
      ),
    [call],
  );

  useEffect(() => {
    void fetchOverview();
  }, [fetchOverview]);

  const retry = () => {
    setState({ kind: 'loading' });
    void fetchOverview();
  };

  const overview = state.kind === 'ready' ? state.overview : null;
  const lastDay = overview ? new Date(Date.parse(overview.to) - DAY_MS).toISOString().slice(0, 10) : '';

  return (
    <section id="overview" className="admin-section overview-section" aria-labelledby={HEADING_ID} aria-busy={state.kind === 'loading'}>
      <div className="admin-section-head">
        <h2 id={HEADING_ID}>Overview</h2>
      </div>
      {state.kind === 'loading' && <p className="admin-empty">Loading the overview…</p>}
      {state.kind === 'failed' && (
        <div role="alert" className="admin-error">
          <p>Could not load the overview from the server: {state.reason}.</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Retry
          </button>
        </div>
      )}
      {overview && (
        <>
          <p className="overview-intro">
            Buyers’ leads (quote requests and sample requests, spam left out) sent from {formatDay(overview.weeks[0] ?? '')} to {formatDay(lastDay)}:{' '}
            <strong>{sum(overview.totals)}</strong>. Weeks run Monday to Sunday (UTC). Each chart’s numbers are in the table beside it.
          </p>
          <h3 className="overview-title">By kind</h3>
          <WeeklyChart weeks={overview.weeks} series={topSeries(overview.kind, SHOWN_SERIES)} caption="Leads per week by kind" what="Kind" />
          <h3 className="overview-title">By the buyer’s country</h3>
          <WeeklyChart weeks={overview.weeks} series={topSeries(overview.country, SHOWN_SERIES)} caption="Leads per week by country" what="Country" />
          <h3 className="overview-title">By product</h3>
          <p className="field-hint">A lead asking for several products counts once for each.</p>
          <WeeklyChart weeks={overview.weeks} series={topSeries(overview.product, SHOWN_SERIES)} caption="Leads per week by product" what="Product" />
          <h3 className="overview-title">By source</h3>
          <p className="field-hint">
            The campaign’s source (utm_source) when the visit came from a campaign link, else the site that linked to it, else direct. Not recorded: the visitor
            asked not to be measured (Global Privacy Control or Do Not Track), or the lead came from an older page.
          </p>
          <WeeklyChart weeks={overview.weeks} series={topSeries(overview.source, SHOWN_SERIES)} caption="Leads per week by source" what="Source" />
          <h3 className="overview-title">Pipeline</h3>
          <p className="field-hint">Where the leads of these weeks stand now, from New to Won.</p>
          <PipelineChart
            stages={overview.pipeline.map((stage) => ({ status: stage.status, label: BUYER_STATUS_LABELS[stage.status], count: stage.count }))}
            caption="Leads of these weeks by status"
          />
        </>
      )}
    </section>
  );
}
