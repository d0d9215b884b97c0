/**
 * One fact of content/facts.yaml in a page body, in the page's language: `<Fact name="garlic-powder.moq" />`
 * writes "1 MT" on an English page, "1 t" on a German one, "1 طن" on an Arabic one
 * (`form="long"`: "1 metric ton"; `form="dative"`: German's "24 Monaten"). Plain text, no script.
 * On a right-to-left page each figure that the Arabic around it could reorder ("12-14") is
 * isolated as the page's own prose is (src/build/content/rehype-isolate-ltr.ts), by the same rule,
 * and a range ("80-120") is kept on one line in every language.
 */
import facts from 'virtual:content/facts';
import { formatQuantity } from '@/build/content/fact-format';
import { isForm } from '@/build/content/facts';
import { languageOf } from '@/shared/i18n/languages';
import { IsolatedRuns } from '@/ui/i18n/IsolatedRuns';
import { WholeFigures } from '@/ui/i18n/WholeFigures';
import { usePathname } from '@/ui/router/location';

export function Fact({ name, form }: { name: string; form?: string }) {
  const quantity = facts[name];
  // The loader refuses unknown names and forms before a page is built; this guards a page built without it.
  if (!quantity) throw new Error(`<Fact name="${name}" />: no such fact in content/facts.yaml`);
  const language = languageOf(usePathname());
  const text = formatQuantity(quantity, language.code, form && isForm(form) ? form : 'short');
  return language.dir === 'rtl' ? <IsolatedRuns text={text} /> : <WholeFigures text={text} />;
}
