/** /faq: the category filter and the search, hydrated on first interaction; every answer is already in the HTML, and deep links work without it. */
export { FaqBrowser as default } from '@/ui/features/faq/FaqBrowser';
// (on a page in another language it gets the language's code as `locale`: src/browser/runtime/islands/island.tsx)
export const hydrate = 'interaction';
