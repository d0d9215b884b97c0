/**
 * The words in each language that name a fact next to its figure, so the check can tell a fact
 * shown with a different figure ("12-16 MT" in a 20 ft container of powder) from a figure that
 * means something else. Each phrase: after `context`, the `nth` figure in the fact's unit in the
 * same sentence or table row is the fact (src/build/content/fact-check.ts).
 */
import type { FactPhrase } from './fact-check.ts';

/** The container-load table of the shipping page: each product's row, its 20 ft then its 40 ft load. */
function containerRows(code: string, rows: [string, string][]): FactPhrase[] {
  return rows.flatMap(([label, product]) =>
    (['container20', 'container40'] as const).map((fact, nth) => ({
      fact: `${product}.${fact}`,
      code,
      context: new RegExp(`^\\|\\s*${label}\\s*\\|`, 'm'),
      nth,
      files: /shipping-logistics\.mdx$/,
    })),
  );
}

export const FACT_PHRASES: FactPhrase[] = [
  ...containerRows('en', [
    ['Garlic powder', 'garlic-powder'],
    ['Garlic granules', 'garlic-granules'],
    ['Garlic flakes', 'garlic-flakes'],
    ['Oils and extracts in drums', 'garlic-oil'],
  ]),
  ...containerRows('de', [
    ['Knoblauchpulver', 'garlic-powder'],
    ['Knoblauchgranulat', 'garlic-granules'],
    ['Knoblauchflocken', 'garlic-flakes'],
    ['Öle und Extrakte in Fässern', 'garlic-oil'],
  ]),
  ...containerRows('ar', [
    ['مسحوق الثوم', 'garlic-powder'],
    ['حبيبات الثوم', 'garlic-granules'],
    ['رقائق الثوم', 'garlic-flakes'],
    ['الزيوت والمستخلصات في براميل', 'garlic-oil'],
  ]),
  // Anywhere else: the first tonnage in a sentence about a 20 ft container is what it takes of powder.
  { fact: 'garlic-powder.container20', code: 'en', context: /\b20 ft container(?! *\|)/, files: /^(?!.*shipping-logistics)/ },
  { fact: 'garlic-powder.container20', code: 'de', context: /20-ft-Container(?! *\|)/, files: /^(?!.*shipping-logistics)/ },
  { fact: 'garlic-powder.container20', code: 'ar', context: /حاوية 20 ft(?! *\|)/, files: /^(?!.*shipping-logistics)/ },
  // The minimum order of the dehydrated products, the first tonnage after the words.
  { fact: 'garlic-powder.moq', code: 'en', context: /[Mm]inimum order(?: quantity)? (?:is|of)\b/ },
  { fact: 'garlic-powder.moq', code: 'de', context: /Mindestabnahmemenge (?:beträgt|von)\b/ },
  { fact: 'garlic-powder.moq', code: 'ar', context: /الحد الأدنى لكمية الطلب(?: \(MOQ\))? هو/ },
  // How soon a sample is processed: the first business-day figure after the words.
  { fact: 'company.sampleDispatch', code: 'en', context: /[Ss]amples?(?: requests?)? (?:are |is )?(?:processed|dispatched|prepared)/ },
  { fact: 'company.sampleDispatch', code: 'de', context: /Muster(?:anfragen)? (?:werden|wird)/ },
  { fact: 'company.sampleDispatch', code: 'ar', context: /تُعالَج (?:طلبات )?العينات/ },
  // Transit times by mode.
  { fact: 'company.transitSea', code: 'en', context: /[Ss]ea freight/ },
  { fact: 'company.transitSea', code: 'de', context: /Seefracht/ },
  { fact: 'company.transitSea', code: 'ar', context: /الشحن البحري/ },
  { fact: 'company.transitAir', code: 'en', context: /[Aa]ir freight/ },
  { fact: 'company.transitAir', code: 'de', context: /Luftfracht/ },
  { fact: 'company.transitAir', code: 'ar', context: /الشحن الجوي/ },
];
