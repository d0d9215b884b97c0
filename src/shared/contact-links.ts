/** Links to the company's contact channels, built from content/site.yaml. */
import { site } from './site';

const { contact } = site;

export const mailtoHref = (subject?: string, body?: string): string => {
  const query = new URLSearchParams({ ...(subject ? { subject } : {}), ...(body ? { body } : {}) }).toString().replace(/\+/g, '%20');
  return `mailto:${contact.email}${query ? `?${query}` : ''}`;
};

/** WhatsApp with `text` prefilled, in the page's language: a greeting from its site texts, or a lead's own text. */
export const whatsappHref = (text: string): string => `https://wa.me/${contact.whatsapp}?text=${encodeURIComponent(text)}`;

/** The company's phone number without the spaces it is shown with, as a tel: link and schema.org's `telephone` take it. */
export const phoneWithoutSpaces = (): string => contact.phone.replace(/\s+/g, '');

export const telHref = (): string => `tel:${phoneWithoutSpaces()}`;
