/** The home page, assembled from the `sections` block of content/pages/index.mdx. */
import type { ReactNode } from 'react';
import type { HomeSections } from '@/build/content/schema';
import { StatTiles, TrustBadges } from '@/ui/components/mdx/blocks';
import { Image } from '@/ui/components/ui/Image';
import { CardItem } from '@/ui/components/ui/CardItem';
import { ButtonLink, SmartLink } from '@/ui/components/ui/links';
import { useUi } from '@/ui/i18n/ui';
import { WholeFigures } from '@/ui/i18n/WholeFigures';
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
          <p className="hero-intro">
            <WholeFigures text={hero.intro} />
          </p>
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
          <p key={paragraph.slice(0, 24)}>
            <WholeFigures text={paragraph} />
          </p>
        ))}
        <p className="links-row">
          {about.links.map((link) => (
            <SmartLink key={link.href} href={link.href} className="text-link">
              {link.label}
            </SmartLink>
          ))}
        </p>
      </section>
      <CardSection
        id="advantages-heading"
        heading={advantages.heading}
        intro={advantages.intro}
        cards={advantages.items.map((item) => (
          <CardItem key={item.title} title={item.title} text={item.body} />
        ))}
      />
      <CardSection
        id="products-heading"
        heading={products.heading}
        intro={products.intro}
        cards={products.items.map((item) => (
          <CardItem
            key={item.href}
            className="product-card"
            picture={<Image src={item.image} alt="" width={800} height={600} />}
            title={<SmartLink href={item.href}>{item.name}</SmartLink>}
            text={item.summary}
          />
        ))}
      >
        <ButtonLink to={products.link.href} variant="secondary">
          {products.link.label}
        </ButtonLink>
      </CardSection>
      <ClosingCta cta={cta} />
    </>
  );
}

/** A section of cards: its heading (`id` is the heading's), a lead paragraph, the cards, and what follows them. */
function CardSection({ id, heading, intro, cards, children }: { id: string; heading: string; intro: string; cards: ReactNode; children?: ReactNode }) {
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <p className="lead">
        <WholeFigures text={intro} />
      </p>
      <ul className="card-grid">{cards}</ul>
      {children}
    </section>
  );
}
