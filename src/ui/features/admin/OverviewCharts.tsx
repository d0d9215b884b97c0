/**
 * The Overview's charts, each with its numbers in a table beside it. The charts are SVG drawn with
 * d3-scale's scales (the layout: bands for the weeks, a linear count axis with round ticks), their
 * colours and lines taken from the theme's CSS custom properties (styles/pages/08-admin/09-overview.css), so they follow the
 * light and dark themes without being drawn again. A chart is hidden from screen readers
 * (aria-hidden): the table beside it, with a caption and headers, says the same.
 */
import { scaleBand, scaleLinear } from 'd3-scale';
import { useId, type ReactNode } from 'react';
import type { OverviewSeries } from '@/shared/domain/overview';
import type { BuyerStatus } from '@/shared/domain/records';
import { formatDay } from './format';

const WIDTH = 560;
const HEIGHT = 240;
const MARGIN = { top: 12, end: 12, bottom: 28, start: 40 };

/** Whole-number ticks from 0: counts of leads have no fractions. */
function countTicks(max: number): { ticks: number[]; top: number } {
  const y = scaleLinear()
    .domain([0, Math.max(max, 1)])
    .nice(4);
  const ticks = y.ticks(4).filter((tick) => Number.isInteger(tick));
  return { ticks, top: y.domain()[1] ?? 1 };
}

/** The series' colour: one of five of the theme's chart colours, "Other" in its own. */
const seriesClass = (series: OverviewSeries, index: number) => (series.key === ' other' ? 'chart-other' : `chart-s${index + 1}`);

function Legend({ series }: { series: OverviewSeries[] }) {
  if (series.length === 0) return null;
  return (
    <ul className="chart-legend" aria-hidden="true">
      {series.map((s, i) => (
        <li key={s.key}>
          <span className={`chart-swatch ${seriesClass(s, i)}`} />
          {s.label}
        </li>
      ))}
    </ul>
  );
}

/** A chart's table (its rows are the children) with its caption, in a box for a table that may be wider than a phone, reachable by keyboard and named by the caption. */
function TableBox({ captionId, caption, children }: { captionId: string; caption: string; children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that may scroll sideways must take focus to be scrolled by keyboard.
    <div className="table-wrap overview-table" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table>
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

interface WeeklyProps {
  /** The Mondays of the weeks, oldest first. */
  weeks: string[];
  /** The series shown, each a colour of the stacked bars (topSeries keeps them few). */
  series: OverviewSeries[];
  /** The table's caption, e.g. 'Leads per week by kind'. */
  caption: string;
  /** The header of the series' columns' group, e.g. 'Kind'. */
  what: string;
}

/** Leads per week as stacked bars, one colour per series, and the table of the same numbers. */
export function WeeklyChart({ weeks, series, caption, what }: WeeklyProps) {
  const captionId = useId();
  const totals = weeks.map((_, i) => series.reduce((sum, s) => sum + (s.counts[i] ?? 0), 0));
  const x = scaleBand<string>()
    .domain(weeks)
    .range([MARGIN.start, WIDTH - MARGIN.end])
    .padding(0.25);
  const { ticks, top } = countTicks(Math.max(0, ...totals));
  const y = scaleLinear()
    .domain([0, top])
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  // Every other week is named below its bar, counting back from the latest, so the labels never crowd.
  const named = (index: number) => (weeks.length - 1 - index) % (weeks.length > 8 ? 2 : 1) === 0;

  return (
    <div className="overview-pair">
      <div className="overview-chart">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false" className="chart">
          {ticks.map((tick) => (
            <g key={tick}>
              <line className="chart-grid" x1={MARGIN.start} x2={WIDTH - MARGIN.end} y1={y(tick)} y2={y(tick)} />
              <text className="chart-axis" x={MARGIN.start - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {tick}
              </text>
            </g>
          ))}
          {weeks.map((week, i) => {
            let base = 0;
            return (
              <g key={week}>
                {series.map((s, k) => {
                  const count = s.counts[i] ?? 0;
                  if (count === 0) return null;
                  const from = base;
                  base += count;
                  return (
                    <rect
                      key={s.key}
                      className={`chart-bar ${seriesClass(s, k)}`}
                      x={x(week)}
                      width={x.bandwidth()}
                      y={y(base)}
                      height={Math.max(0, y(from) - y(base))}
                    />
                  );
                })}
                {named(i) && (
                  <text className="chart-axis" x={(x(week) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 8} textAnchor="middle">
                    {formatDay(week, { short: true })}
                  </text>
                )}
              </g>
            );
          })}
          <line className="chart-baseline" x1={MARGIN.start} x2={WIDTH - MARGIN.end} y1={y(0)} y2={y(0)} />
        </svg>
        <Legend series={series} />
      </div>
      <TableBox captionId={captionId} caption={caption}>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                <span className="visually-hidden">{what}: </span>
                {s.label}
              </th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={week}>
              <th scope="row">
                <time dateTime={week}>{formatDay(week, { short: true })}</time>
              </th>
              {series.map((s) => (
                <td key={s.key}>{s.counts[i] ?? 0}</td>
              ))}
              <td>{totals[i]}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </div>
  );
}

interface PipelineProps {
  stages: { status: BuyerStatus; label: string; count: number }[];
  caption: string;
}

/**
 * A status's own colour, the same in the bars, the legend and the table, and one that says what it
 * means: New blue, Won green, Lost grey, the steps between in colours of their own (styles/pages/08-admin/09-overview.css).
 */
const statusClass = (status: BuyerStatus) => `chart-status-${status}`;

/** How many leads stand at each status, as horizontal bars in the pipeline's order, and the table of the same numbers. */
export function PipelineChart({ stages, caption }: PipelineProps) {
  const captionId = useId();
  const labelWidth = 110;
  const height = stages.length * 34 + 8;
  const y = scaleBand<string>()
    .domain(stages.map((stage) => stage.label))
    .range([4, height - 4])
    .padding(0.25);
  const { top: most } = countTicks(Math.max(0, ...stages.map((stage) => stage.count)));
  const x = scaleLinear()
    .domain([0, most])
    .range([labelWidth, WIDTH - 48]);

  return (
    <div className="overview-pair">
      <div className="overview-chart">
        <svg viewBox={`0 0 ${WIDTH} ${height}`} aria-hidden="true" focusable="false" className="chart">
          {stages.map((stage) => {
            const bandTop = y(stage.label) ?? 0;
            const middle = bandTop + y.bandwidth() / 2;
            return (
              <g key={stage.label}>
                <text className="chart-axis" x={labelWidth - 8} y={middle} dy="0.32em" textAnchor="end">
                  {stage.label}
                </text>
                <rect
                  className={`chart-bar ${statusClass(stage.status)}`}
                  x={labelWidth}
                  y={bandTop}
                  width={Math.max(0, x(stage.count) - labelWidth)}
                  height={y.bandwidth()}
                />
                <text className="chart-value" x={x(stage.count) + 6} y={middle} dy="0.32em">
                  {stage.count}
                </text>
              </g>
            );
          })}
          <line className="chart-baseline" x1={labelWidth} x2={labelWidth} y1={0} y2={height} />
        </svg>
        <ul className="chart-legend" aria-hidden="true">
          {stages.map((stage) => (
            <li key={stage.status}>
              <span className={`chart-swatch ${statusClass(stage.status)}`} />
              {stage.label}
            </li>
          ))}
        </ul>
      </div>
      <TableBox captionId={captionId} caption={caption}>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Leads</th>
          </tr>
        </thead>
        <tbody>
          {stages.map((stage) => (
            <tr key={stage.status}>
              <th scope="row">
                <span className={`chart-swatch ${statusClass(stage.status)}`} aria-hidden="true" />
                {stage.label}
              </th>
              <td>{stage.count}</td>
            </tr>
          ))}
        </tbody>
      </TableBox>
    </div>
  );
}
