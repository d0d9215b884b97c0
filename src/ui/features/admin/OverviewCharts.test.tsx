// @vitest-environment happy-dom
/**
 * The Overview's charts say what their tables say: each stacked bar's parts are as tall as their
 * counts, each pipeline bar stands on its status's line in that status's own colour, the tables hold
 * the same numbers, and the charts are hidden from screen readers, which read the tables.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PipelineChart, WeeklyChart } from './OverviewCharts';

function render(markup: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${markup}</body>`, 'text/html');
}
const num = (element: Element, name: string) => Number(element.getAttribute(name));

describe('WeeklyChart', () => {
  const weeks = ['2026-02-16', '2026-02-23', '2026-03-02'];
  const series = [
    { key: 'germany', label: 'Germany', counts: [2, 0, 1], total: 3 },
    { key: 'india', label: 'India', counts: [1, 0, 3], total: 4 },
  ];
  const doc = render(renderToStaticMarkup(<WeeklyChart weeks={weeks} series={series} caption="Leads per week by country" what="Country" />));

  it('stacks a part per series and week, each as tall as its count', () => {
    const bars = [...doc.querySelectorAll('rect.chart-bar')];
    // No part for a count of 0.
    expect(bars).toHaveLength(4);
    const unit = num(bars[0] as Element, 'height') / 2;
    expect(bars.map((bar) => Math.round((num(bar, 'height') / unit) * 100) / 100)).toEqual([2, 1, 1, 3]);
    // The second series sits on the first in the same week.
    expect(num(bars[1] as Element, 'y') + num(bars[1] as Element, 'height')).toBeCloseTo(num(bars[0] as Element, 'y'));
    expect([...bars].map((bar) => bar.getAttribute('class'))).toEqual(['chart-bar chart-s1', 'chart-bar chart-s2', 'chart-bar chart-s1', 'chart-bar chart-s2']);
  });

  it('has the same numbers in its table, with a caption and headers, and the chart hidden from screen readers', () => {
    expect(doc.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(doc.querySelector('.chart-legend')?.getAttribute('aria-hidden')).toBe('true');
    const table = doc.querySelector('table') as HTMLTableElement;
    expect(table.caption?.textContent).toBe('Leads per week by country');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Week of', 'Country: Germany', 'Country: India', 'Total']);
    expect([...table.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['16 Feb', '2', '1', '3'],
      ['23 Feb', '0', '0', '0'],
      ['2 Mar', '1', '3', '4'],
    ]);
    expect(table.closest('[role="region"]')?.getAttribute('aria-labelledby')).toBe(table.caption?.id);
  });
});

describe('PipelineChart', () => {
  const stages = [
    { status: 'new', label: 'New', count: 31 },
    { status: 'contacted', label: 'Contacted', count: 4 },
    { status: 'won', label: 'Won', count: 0 },
    { status: 'lost', label: 'Lost', count: 2 },
  ] as const;
  const doc = render(renderToStaticMarkup(<PipelineChart stages={[...stages]} caption="Leads of these weeks by status" />));

  it('draws each status’s bar on its own line, as long as its count', () => {
    const groups = [...doc.querySelectorAll('svg g')];
    expect(groups).toHaveLength(4);
    for (const group of groups) {
      const label = group.querySelector('text.chart-axis') as Element;
      const bar = group.querySelector('rect') as Element;
      expect(num(bar, 'y') + num(bar, 'height') / 2).toBeCloseTo(num(label, 'y'));
    }
    const widths = groups.map((group) => num(group.querySelector('rect') as Element, 'width'));
    expect(widths[1] / widths[0]).toBeCloseTo(4 / 31);
    expect(widths[2]).toBe(0);
    expect(groups.map((group) => group.querySelector('text.chart-value')?.textContent)).toEqual(['31', '4', '0', '2']);
  });

  it('colours each status by what it is, not by its place: the same colour in the bar, the legend and the table', () => {
    const colourOf = (element: Element | null | undefined) => [...(element?.classList ?? [])].find((name) => name.startsWith('chart-status-'));
    const bars = [...doc.querySelectorAll('svg rect')].map(colourOf);
    const legend = [...doc.querySelectorAll('.chart-legend li')].map((item) => [item.textContent, colourOf(item.querySelector('.chart-swatch'))]);
    const table = [...doc.querySelectorAll('tbody th')].map((cell) => [cell.textContent, colourOf(cell.querySelector('.chart-swatch'))]);
    const expected = stages.map((stage) => [stage.label, `chart-status-${stage.status}`]);
    expect(bars).toEqual(expected.map(([, colour]) => colour));
    expect(legend).toEqual(expected);
    expect(table).toEqual(expected);
    expect(doc.querySelector('.chart-legend')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('has the same numbers in its table', () => {
    const rows = [...doc.querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['New', '31'],
      ['Contacted', '4'],
      ['Won', '0'],
      ['Lost', '2'],
    ]);
  });
});
