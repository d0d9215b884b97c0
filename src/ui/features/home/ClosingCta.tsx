/**
 * The closing call to action. Its heading and button wording are the variants of the A/B test
 * 'homepage-cta-v1' (copy in content/pages/index.mdx, sections.cta.variants): both are rendered
 * and CSS shows the visitor's, so there is no flash. Showing the section records the impression;
 * clicking the button records a conversion (src/browser/runtime/experiments.ts, from the data attributes).
 */
import type { HomeSections } from '@/build/content/schema';
import { ButtonLink } from '@/ui/components/ui/links';
import { WholeFigures } from '@/ui/i18n/WholeFigures';
import { HOMEPAGE_CTA } from '@/shared/experiments/registry';
import { VariantText } from '@/browser/experiments/VariantText';

export function ClosingCta({ cta }: { cta: HomeSections['cta'] }) {
  const { control, punchy } = cta.variants;
  return (
    <section className="section cta-band" aria-labelledby="cta-heading" data-experiment-impression={HOMEPAGE_CTA.id}>
      <h2 id="cta-heading">
        <VariantText experiment={HOMEPAGE_CTA} text={{ control: control.heading, punchy: punchy.heading }} />
      </h2>
      <p>
        <WholeFigures text={cta.body} />
      </p>
      <div className="actions">
        <ButtonLink to={cta.href} data-experiment-conversion={HOMEPAGE_CTA.id}>
          <VariantText experiment={HOMEPAGE_CTA} text={{ control: control.button, punchy: punchy.button }} />
        </ButtonLink>
        <ButtonLink to={cta.secondary.href} variant="secondary">
          {cta.secondary.label}
        </ButtonLink>
      </div>
    </section>
  );
}
