/**
 * /faq: the category filter and the search, hydrated on first interaction; every answer is already
 * in the HTML, and deep links work without it. This file serves a language that has no file of its
 * own (FaqBrowser.<code>.tsx, which carries that language's entries alone: island-file.ts), with
 * every language's entries.
 */
import faqByLanguage from 'virtual:content/faq';
import { FaqBrowser } from '@/ui/features/faq/FaqBrowser';
import { DEFAULT_LANGUAGE } from '@/shared/i18n/languages';

export default function FaqBrowserIsland({ locale }: { locale?: string }) {
  return <FaqBrowser faq={faqByLanguage[locale ?? DEFAULT_LANGUAGE.code] ?? faqByLanguage[DEFAULT_LANGUAGE.code]} locale={locale} />;
}
export const hydrate = 'interaction';
