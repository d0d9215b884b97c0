/**
 * Site footer: brand block, quick links, products, contact channels (all from content/site.yaml),
 * copyright and legal links. Social and WhatsApp clicks go to the analytics hook when the page
 * has one (`data-track`, sent by src/runtime/click-tracking.ts).
 */
import { mailtoHref, telHref, whatsappHref } from '@/contact-links';
import { site } from '@/site';
import { Brand } from './Brand';

// Links that open a new tab say so to screen readers (the visible text stays first: WCAG 2.5.3).
const NEW_TAB = ' (opens in a new tab)';

export function Footer() {
  const { navigation: nav, contact, address } = site;
  const quickLinks = [...nav.primary.filter((item) => item.href !== '/'), ...nav.company, ...nav.resources];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Brand lazy />
          <p>{site.description}</p>
          <p className="footer-founded">
            Founded {site.foundingYear} · {address.locality}, {address.region}, {address.country}
          </p>
          <ul className="social-links">
            <li>
              <a
                href={site.social.linkedin}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`LinkedIn${NEW_TAB}`}
                data-track="social_click"
                data-track-network="linkedin"
              >
                LinkedIn
              </a>
            </li>
            <li>
              <a
                href={site.social.instagram}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Instagram${NEW_TAB}`}
                data-track="social_click"
                data-track-network="instagram"
              >
                Instagram
              </a>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            Quick links
          </h2>
          <ul className="footer-links footer-links-columns">
            {quickLinks.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-products">
          <h2 id="footer-products" className="footer-heading">
            Products
          </h2>
          <ul className="footer-links">
            {nav.footerProducts.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Contact</h2>
          <address className="footer-contact">
            <span>
              {address.street}, {address.locality} {address.postalCode}, {address.region}, {address.country}
            </span>
            <a href={mailtoHref()}>{contact.email}</a>
            <a href={telHref()}>{contact.phone}</a>
            <a
              href={whatsappHref()}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`WhatsApp the export desk${NEW_TAB}`}
              data-track="whatsapp_click"
              data-track-location="footer"
            >
              WhatsApp the export desk
            </a>
            <span>{contact.hours}</span>
          </address>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>{site.copyright}</p>
        <ul className="footer-legal">
          {nav.legal.map((item) => (
            <li key={item.href}>
              <a href={item.href}>{item.name}</a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
