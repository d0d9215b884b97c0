/** The FAQ island (FaqBrowser.tsx) on a page in this language, with this language's entries alone. */
import faq from 'virtual:content/faq/de';
import { faqIsland } from '@/ui/features/faq/faq-island';

export default faqIsland(faq);
export const hydrate = 'interaction';
