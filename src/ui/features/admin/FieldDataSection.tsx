/**
 * Field data (server mode): how fast the site is for its real visitors. Per route and device
 * class, the 75th percentile of each web vital over the last 28 days, beside the good and poor
 * thresholds, the failing routes first. Each value says its rating in words, not by colour alone.
 * On a static host (or without a server session) the section is not shown: nothing is measured there.
 */
import { fieldData, type FieldData } from '@/browser/api/insight-api';
import { TableScroll } from '@/ui/components/ui/TableScroll';
import { THRESHOLDS, VITAL_NAMES, worstRating, type FieldRow, type Rating, type VitalName } from '@/shared/domain/field-vitals';
import { useServerInsight } from './use-server-insight';

const RATING_WORDS: Record<Rating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** Milliseconds as people read them (640 ms, 2.40 s); CLS as a plain number; a dash for anything not a number. */
export function formatVital(name: VitalName, value: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return '–';
  if (THRESHOLDS[name].unit === '') return value > 0 && value < 0.01 ? value.toFixed(3) : value.toFixed(2);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

function thresholdText(name: VitalName): string {
  const { good, poor } = THRESHOLDS[name];
  return `good ≤ ${formatVital(name, good)}, poor > ${formatVital(name, poor)}`;
}

function statusText(row: FieldRow): string {
  const worst = worstRating(row);
  if (worst === 'good') return 'Passes';
  const failing = VITAL_NAMES.filter((name) => row.metrics[name]?.rating === worst);
  return `${RATING_WORDS[worst]}: ${failing.join(', ')}`;
}

export function FieldTable({ data }: { data: FieldData }) {
  if (data.rows.length === 0) return <p className="admin-empty">No visits measured in these {data.days} days yet.</p>;
  return (
    <TableScroll>
      <table className="field-data" aria-labelledby="field-data-heading" aria-describedby="field-data-period">
        <thead>
          <tr>
            <th scope="col">Route</th>
            <th scope="col">Device</th>
            <th scope="col">Views</th>
            {VITAL_NAMES.map((name) => (
              <th key={name} scope="col">
                {name} <span className="field-threshold">({thresholdText(name)})</span>
              </th>
            ))}
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={`${row.route} ${row.device}`} data-route={row.route} data-device={row.device} data-rating={worstRating(row)}>
              <th scope="row">
                <code>{row.route}</code>
              </th>
              <td>{row.device === 'phone' ? 'Phone' : 'Desktop'}</td>
              <td>{row.views}</td>
              {VITAL_NAMES.map((name) => {
                const metric = row.metrics[name];
                return (
                  <td key={name} data-metric={name} data-rating={metric?.rating}>
                    {metric ? (
                      <>
                        {formatVital(name, metric.p75)} <span className="field-rating">{RATING_WORDS[metric.rating]}</span>
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                );
              })}
              <td className="field-status">{statusText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function FieldDataSection() {
  const { state, retry } = useServerInsight(fieldData);
  if (state.kind === 'none') return null;
  return (
    <section className="admin-section" id="field-data" aria-labelledby="field-data-heading" aria-busy={state.kind === 'checking'}>
      <h2 id="field-data-heading">Field data: speed for real visitors</h2>
      <p className="field-hint" id="field-data-period">
        {state.kind === 'ready' ? `From ${state.data.from} to ${state.data.to} (UTC days). ` : ''}
        The 75th percentile of each web vital: three views in four were at least this fast. Measured in visitors’ browsers (none with Global Privacy Control or
        Do Not Track) and kept as counts per route, device and day for 90 days; routes that fail a threshold come first.
      </p>
      {state.kind === 'checking' && <p className="admin-empty">Loading the field data…</p>}
      {state.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the field data: {state.message}{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      {state.kind === 'ready' && <FieldTable data={state.data} />}
    </section>
  );
}
