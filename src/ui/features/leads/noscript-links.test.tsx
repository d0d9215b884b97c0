/**
 * Without JavaScript the quote and sample request forms cannot send, and say so: they offer e-mail
 * and WhatsApp instead, each opening in the page's language (the WhatsApp chat's greeting is the
 * language's own, as the footer's link has it).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n/languages';
import { siteText } from '@/ui/i18n/ui';
import { ContactForm, SampleRequestForm } from './forms';

/** The greeting a WhatsApp link in `markup` opens the chat with. */
function whatsappGreetings(markup: string): string[] {
  return [...markup.matchAll(/href="https:\/\/wa\.me\/\d+\?text=([^"]*)"/g)].map((match) => decodeURIComponent(match[1].replace(/&amp;/g, '&')));
}

describe("the forms' links for a visitor without JavaScript", () => {
  it.each(LANGUAGES.map(({ code }) => code))('open WhatsApp with the greeting of the page’s language (%s)', (code) => {
    for (const Form of [ContactForm, SampleRequestForm]) {
      const markup = renderToStaticMarkup(<Form locale={code} />);
      expect(markup).toContain('<noscript>');
      expect(whatsappGreetings(markup)).toEqual([siteText(code, 'whatsappMessage')]);
    }
  });

  it('greet in German and Arabic, not in English, on those pages', () => {
    const english = siteText('en', 'whatsappMessage');
    for (const code of ['de', 'ar']) expect(siteText(code, 'whatsappMessage'), code).not.toBe(english);
  });
});
