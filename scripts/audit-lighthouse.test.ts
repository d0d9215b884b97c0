/**
 * The Lighthouse audit's verdict on a route's medians: every category at 100, CLS 0, TBT under
 * 50 ms, except the one SEO audit a page that asks not to be indexed fails by design; and the
 * options it is run with.
 */
import { describe, expect, it } from 'vitest';
import { missedTargets, parseArgs, type RunMetrics } from './audit-lighthouse';

const perfect: RunMetrics = {
  score: 100,
  a11y: 100,
  bestPractices: 100,
  seo: 100,
  seoFailures: [],
  lcpMs: 630,
  cls: 0,
  tbtMs: 0,
  fcpMs: 620,
  benchmarkIndex: 3500,
};

describe('missedTargets', () => {
  it('passes a route at 100 everywhere, with no shift and no blocking time', () => {
    expect(missedTargets(perfect)).toEqual([]);
  });

  it('names each missed target', () => {
    expect(missedTargets({ ...perfect, score: 99, a11y: 96, cls: 0.02, tbtMs: 66 })).toEqual([
      'score 99 < 100',
      'accessibility 96',
      'CLS 0.020 > 0',
      'TBT 66 ms >= 50 ms',
    ]);
  });

  it('accepts a failed is-crawlable only on a page that is noindex by design, and no other SEO failure', () => {
    const keptOut = { ...perfect, seo: 69, seoFailures: ['is-crawlable'] };
    expect(missedTargets(keptOut, true)).toEqual([]);
    expect(missedTargets(keptOut, false)).toEqual(['SEO 69 (is-crawlable)']);
    expect(missedTargets({ ...perfect, seo: 62, seoFailures: ['is-crawlable', 'meta-description'] }, true)).toEqual(['SEO 62 (meta-description)']);
  });
});

describe('parseArgs', () => {
  const every = () => ['/', '/de/'];

  it('serves through nginx without brotli when asked, for the routes named', () => {
    expect(parseArgs(['--nginx', '--no-brotli', '/', '/ar/'], every)).toMatchObject({ nginx: true, noBrotli: true, routes: ['/', '/ar/'], runs: 3 });
    expect(parseArgs(['--nginx', '--all'], every)).toMatchObject({ nginx: true, noBrotli: false, routes: ['/', '/de/'] });
  });

  it('refuses --no-brotli without --nginx, and an unknown option, saying what to use', () => {
    expect(() => parseArgs(['--no-brotli'], every)).toThrow('use it with --nginx');
    expect(() => parseArgs(['--gzip'], every)).toThrow('Unknown argument "--gzip". Use --all, --runs N, --baseline, --peer DIR, --nginx, --no-brotli');
  });
});
