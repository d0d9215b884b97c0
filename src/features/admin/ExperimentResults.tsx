/**
 * One experiment's results as the site's server counted them from every visitor: per variant the
 * impressions (one per visit), conversions (clicks on the call to action) and the conversion rate
 * with its 95 % interval (Wilson score), then each variant against the control (the first) with a
 * two-proportion z-test, saying in words whether the difference is significant yet.
 */
import type { ExperimentResult } from '@/api/insight-api';
import { TableScroll } from '@/components/ui/TableScroll';
import { compareRates, MIN_OUTCOMES, SIGNIFICANCE_LEVEL, wilsonInterval, type Comparison } from '@/domain/ab-stats';

const percent = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)} %`;

function rateText(conversions: number, impressions: number): string {
  const interval = wilsonInterval(conversions, impressions);
  if (!interval) return '–';
  return `${percent(conversions / impressions)} (95 % interval ${percent(interval.low)} to ${percent(interval.high)})`;
}

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
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Impressions</th>
              <th scope="col">Conversions</th>
              <th scope="col">Conversion rate</th>
            </tr>
          </thead>
          <tbody>
            {result.variants.map(({ variant, impressions, conversions }) => (
              <tr key={variant}>
                <th scope="row">{variant}</th>
                <td>{impressions}</td>
                <td>{conversions}</td>
                <td>{rateText(conversions, impressions)}</td>
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
