/**
 * Site footer: brand block, quick links, products, contact channels (all from content/site.yaml),
 * copyright and legal links. Social and WhatsApp clicks go to the analytics hook when the page
 * has one (`data-track`, sent by src/browser/runtime/click-tracking.ts).
 */
import type { NavItem } from '@/build/content/schema';
import { mailtoHref, telHref, whatsappHref } from '@/shared/contact-links';
import { LocalizedLink } from '@/ui/i18n/LocalizedLink';
import { Ltr } from '@/ui/i18n/Ltr';
import { fill, navLabel, siteText, useUi } from '@/ui/i18n/ui';
import { site } from '@/shared/site';
import { Brand } from './Brand';
import { LanguageSwitcher } from './LanguageSwitcher';

/** The company's profiles (content/site.yaml `social`), each with its name as the network writes it. */
const SOCIAL_NETWORKS = [
  ['linkedin', 'LinkedIn'],
  ['instagram', 'Instagram'],
] as const;

export function Footer() {
  const { navigation: nav, contact, address } = site;
  const { code, strings } = useUi();
  // Links that open a new tab say so to screen readers (the visible text stays first: WCAG 2.5.3).
  const newTab = ` ${strings.footer.newTab}`;
  const quickLinks = [...nav.primary.filter((item) => item.href !== '/'), ...nav.company, ...nav.resources];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Brand lazy />
          <p>{siteText(code, 'description')}</p>
          <p className="footer-founded">{fill(strings.footer.founded, { year: site.foundingYear, place: siteText(code, 'place') })}</p>
          <ul className="social-links">
            {SOCIAL_NETWORKS.map(([network, name]) => (
              <li key={network}>
                <a
                  href={site.social[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${name}${newTab}`}
                  data-track="social_click"
                  data-track-network={network}
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn id="footer-quick-links" heading={strings.footer.quickLinks} items={quickLinks} className="footer-links footer-links-columns" />
        <LinkColumn id="footer-products" heading={strings.footer.products} items={nav.footerProducts} className="footer-links" />
        <div>
          <h2 className="footer-heading">{strings.footer.contact}</h2>
          <address className="footer-contact">
            <span>
              <Ltr>
                {address.street}, {address.locality} {address.postalCode}, {address.region}, {address.country}
              </Ltr>
            </span>
            <a href={mailtoHref()}>
              <Ltr>{contact.email}</Ltr>
            </a>
            <a href={telHref()}>
              <Ltr>{contact.phone}</Ltr>
            </a>
            <a
              href={whatsappHref(siteText(code, 'whatsappMessage'))}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${strings.footer.whatsapp}${newTab}`}
              data-track="whatsapp_click"
              data-track-location="footer"
            >
              {strings.footer.whatsapp}
            </a>
            <span>{siteText(code, 'hours')}</span>
          </address>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{siteText(code, 'copyright')}</p>
        <LanguageSwitcher />
        <LinkList items={nav.legal} className="footer-legal" />
      </div>
    </footer>
  );
}

/** A list of site links, each labelled in the page's language. */
function LinkList({ items, className }: { items: readonly NavItem[]; className: string }) {
  const { code } = useUi();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.href}>
          <LocalizedLink href={item.href}>{navLabel(code, item)}</LocalizedLink>
        </li>
      ))}
    </ul>
  );
}

/** A column of the footer: a list of site links under its heading, named by it. */
function LinkColumn({ id, heading, items, className }: { id: string; heading: string; items: readonly NavItem[]; className: string }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="footer-heading">
        {heading}
      </h2>
      <LinkList items={items} className={className} />
    </nav>
  );
}
