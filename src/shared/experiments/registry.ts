/**
 * The A/B experiments the site runs. One entry per experiment: its id, its variants
 * (the first is the control, shown to visitors outside the experiment and when scripts or storage
 * are unavailable) and its coverage (the share of visitors enrolled, 0 to 1).
 *
 * This module is imported by vite.config.ts (through the inline init script), so it stays free of
 * React and browser globals.
 */
export interface Experiment {
  id: string;
  variants: readonly [string, ...string[]];
  coverage: number;
}

/** Home page closing call to action: 'control' and 'punchy' wording (content/pages/index.mdx). */
export const HOMEPAGE_CTA = {
  id: 'homepage-cta-v1',
  variants: ['control', 'punchy'],
  coverage: 1,
} as const satisfies Experiment;

export type HomepageCtaVariant = (typeof HOMEPAGE_CTA.variants)[number];

export const EXPERIMENTS: readonly Experiment[] = [HOMEPAGE_CTA];

/** The <html> attribute that carries a visitor's variant, e.g. `data-ab-homepage-cta-v1`. */
export function variantAttribute(experimentId: string): string {
  return `data-ab-${experimentId}`;
}
