/** The home page, assembled from the `sections` block of content/pages/index.mdx. */
import type { HomeSections } from '@/build/content/schema';
import { StatTiles, TrustBadges } from '@/ui/components/mdx/blocks';
import { Image } from '@/ui/components/ui/Image';
import { ButtonLink, SmartLink } from '@/ui/components/ui/links';
import { useUi } from '@/ui/i18n/ui';
import { usePageMeta } from '@/ui/router/page-meta';
import { ClosingCta } from './ClosingCta';

export function HomePage() {
  // The content check validated `sections` against HomeSections for this page.
  const { hero, about, advantages, products, cta } = usePageMeta().sections as unknown as HomeSections;
  const { strings } = useUi();
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero-copy">
          <h1 id="hero-heading">{hero.heading}</h1>
          <p className="hero-tagline">{hero.tagline}</p>
          <p className="hero-intro">{hero.intro}</p>
          <div className="actions">
            <ButtonLink to={hero.cta.href}>{hero.cta.label}</ButtonLink>
            <ButtonLink to={hero.secondary.href} variant="secondary">
              {hero.secondary.label}
            </ButtonLink>
          </div>
          <TrustBadges />
        </div>
        <Image className="hero-image" priority {...hero.image} />
      </section>
      <section className="section key-figures" aria-label={strings.home.keyFigures}>
        <StatTiles />
      </section>
      <section className="section" aria-labelledby="about-heading">
        <h2 id="about-heading">{about.heading}</h2>
        {about.body.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph.slice(0, 24)}>{paragraph}</p>
        ))}
        <p className="links-row">
          {about.links.map((link) => (
            <SmartLink key={link.href} href={link.href} className="text-link">
              {link.label}
            </SmartLink>
          ))}
        </p>
      </section>
      <section className="section" aria-labelledby="advantages-heading">
        <h2 id="advantages-heading">{advantages.heading}</h2>
        <p className="lead">{advantages.intro}</p>
        <ul className="card-grid">
          {advantages.items.map((item) => (
            <li key={item.title} className="card">
              <h3 className="card-title">{item.title}</h3>
              <p className="card-body">{item.body}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="products-heading">
        <h2 id="products-heading">{products.heading}</h2>
        <p className="lead">{products.intro}</p>
        <ul className="card-grid">
          {products.items.map((item) => (
            <li key={item.href} className="card product-card">
              <Image src={item.image} alt="" width={800} height={600} />
              <h3 className="card-title">
                <SmartLink href={item.href}>{item.name}</SmartLink>
              </h3>
              <p className="card-body">{item.summary}</p>
            </li>
          ))}
        </ul>
        <ButtonLink to={products.link.href} variant="secondary">
          {products.link.label}
        </ButtonLink>
      </section>
      <ClosingCta cta={cta} />
    </>
  );
}
