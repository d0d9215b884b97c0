/** The closing call to action. Its heading and button wording are the A/B test's variants. */
import type { HomeSections } from '@/content/schema';
import { ButtonLink } from '@/components/ui/links';

export function ClosingCta({ cta }: { cta: HomeSections['cta'] }) {
  const variant = cta.variants.control;
  return (
    <section className="section cta-band" aria-labelledby="cta-heading">
      <h2 id="cta-heading">{variant.heading}</h2>
      <p>{cta.body}</p>
      <div className="actions">
        <ButtonLink to={cta.href}>{variant.button}</ButtonLink>
        <ButtonLink to={cta.secondary.href} variant="secondary">
          {cta.secondary.label}
        </ButtonLink>
      </div>
    </section>
  );
}
