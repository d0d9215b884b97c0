/**
 * The FAQ island of the pages in one language, with that language's entries (its file in
 * src/browser/islands/). Apart from FaqBrowser.tsx, which exports its component alone, so a save
 * of it hot-updates the island in place.
 */
import type { FaqEntry } from '@/build/content/schema';
import { FaqBrowser } from './FaqBrowser';

export function faqIsland(faq: FaqEntry[]) {
  return function FaqBrowserIsland({ locale }: { locale?: string }) {
    return <FaqBrowser faq={faq} locale={locale} />;
  };
}
