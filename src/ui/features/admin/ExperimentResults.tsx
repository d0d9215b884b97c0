/**
 * One experiment's results as the site's server counted them from every visitor: per variant the
 * impressions (one per visitor), conversions (visitors who clicked the call to action after their
 * impression, once each) and the conversion rate
 * with its 95 % interval (Wilson score), then each variant against the control (the first) with a
 * two-proportion z-test, saying in words whether the difference is significant yet. The rates
 * and the test take the counts bounded (ab-stats.ts boundedArm): a variant whose stored counts
 * are impossible (more conversions than impressions) says so beside its numbers.
 */
import type { ExperimentResult } from '@/browser/api/insight-api';
import { TableScroll } from '@/ui/components/ui/TableScroll';
import {
  compareRates,
  conversionRate,
  impossibleArm,
  MIN_OUTCOMES,
  SIGNIFICANCE_LEVEL,
  wilsonInterval,
  type Arm,
  type Comparison,
} from '@/shared/domain/ab-stats';

const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;

function rateText(arm: Arm): string {
  const rate = conversionRate(arm);
  const interval = wilsonInterval(arm.conversions, arm.impressions);
  if (rate === null || !interval) return '–';
  return `${percent(rate)} (95 % interval ${percent(interval.low)} to ${percent(interval.high)})`;
}

/** A stored count as it is, or a dash when it is not a number at all. */
const countText = (value: number) => (Number.isFinite(value) ? String(value) : '–');

const pText = (p: number) => (p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`);

function verdict(name: string, control: string, result: Comparison): string {
  const points = result.difference * 100;
  const difference = `${name} converts ${Math.abs(points).toFixed(1)} points ${points >= 0 ? 'more' : 'less'} than ${control}`;
  if (result.significant) return `${difference}: significant (${pText(result.p)}, under ${SIGNIFICANCE_LEVEL}).`;
  if (result.tooFew)
    return `${difference}: not yet significant: too few visits to judge (each variant needs at least ${MIN_OUTCOMES} conversions and ${MIN_OUTCOMES} visits without one; ${pText(result.p)}).`;
  return `${difference}: not yet significant (${pText(result.p)}; significant below ${SIGNIFICANCE_LEVEL}).`;
}

export function ExperimentResults({ result, headingId }: { result: ExperimentResult; headingId: string }) {
  const [control, ...others] = result.variants;
  return (
    <>
      <p className="field-hint">
        {result.since ? `Every visitor’s counts since ${result.since}, from the site’s server.` : 'No visits counted by the server yet.'}
      </p>
      <TableScroll>
        <table aria-labelledby={headingId} data-source="server">
          <VariantColumns />
          <tbody>
            {result.variants.map(({ variant, impressions, conversions }) => (
              <tr key={variant}>
                <th scope="row">{variant}</th>
                <td>{countText(impressions)}</td>
                <td>{countText(conversions)}</td>
                <td>
                  {rateText({ conversions, impressions })}
                  {impossibleArm({ conversions, impressions }) && (
                    <span className="field-hint" data-impossible="true">
                      {' '}
                      (the stored counts are impossible, more conversions than impressions: the rate counts at most one conversion per impression)
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {control && (
        <ul className="experiment-verdicts">
          {others.map((other) => (
            <li key={other.variant}>{verdict(other.variant, control.variant, compareRates(control, other))}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The head of an experiment's table, from the server's counts or this browser's alike. */
export function VariantColumns() {
  return (
    <thead>
      <tr>
        <th scope="col">Variant</th>
        <th scope="col">Impressions</th>
        <th scope="col">Conversions</th>
        <th scope="col">Conversion rate</th>
      </tr>
    </thead>
  );
}
