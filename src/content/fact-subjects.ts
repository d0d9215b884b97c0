/**
 * The words that name a product and a fact in each language, so the check can find a fact shown
 * with another figure wherever a sentence states it ("moisture under 6%" for garlic powder, whose
 * data says 5%), not only in the phrases of fact-phrases.ts. A figure belongs to the product named
 * last before it in the same sentence or table row, or, with none named, to the page's own product.
 */

/** A product of content/facts.yaml as each language names it. */
export const PRODUCT_WORDS: Record<string, [RegExp, string][]> = {
  en: [
    [/\bpowders?\b/gi, 'garlic-powder'],
    [/\bgranules?\b/gi, 'garlic-granules'],
    [/\bflakes?\b/gi, 'garlic-flakes'],
    [/\bgarlic oil\b/gi, 'garlic-oil'],
    [/\baged garlic extract\b|\bAGE\b/g, 'aged-garlic-extract'],
  ],
  de: [
    [/pulver\b/gi, 'garlic-powder'],
    [/granulat\b/gi, 'garlic-granules'],
    [/flocken\b/gi, 'garlic-flakes'],
    [/knoblauchöl\b/gi, 'garlic-oil'],
    [/knoblauchextrakt\b/gi, 'aged-garlic-extract'],
  ],
  ar: [
    [/مسحوق/g, 'garlic-powder'],
    [/حبيبات/g, 'garlic-granules'],
    [/رقائق/g, 'garlic-flakes'],
    [/زيت الثوم/g, 'garlic-oil'],
    [/مستخلص الثوم/g, 'aged-garlic-extract'],
  ],
};

/** A product's fact (its key in content/facts.yaml) as each language names it; the figure after the words is that fact. */
export const FACT_WORDS: Record<string, [RegExp, string][]> = {
  en: [
    [/\bmoisture\b/gi, 'moisture'],
    [/\btotal ash\b/gi, 'totalAsh'],
    [/\bacid-insoluble ash\b/gi, 'acidInsolubleAsh'],
    [/\bbulk density\b/gi, 'bulkDensity'],
    [/\bshelf life\b/gi, 'shelfLife'],
    [/\bloss on drying\b/gi, 'lossOnDrying'],
    [/\bresidual ethanol\b/gi, 'residualEthanol'],
  ],
  de: [
    [/\bFeuchte(?:gehalt)?\b|\bFeuchtigkeit\b|\bRestfeuchte\b/g, 'moisture'],
    [/\bGesamtasche\b/g, 'totalAsh'],
    [/\bsäureunlösliche Asche\b/gi, 'acidInsolubleAsh'],
    [/\bSchüttdichte\b/g, 'bulkDensity'],
    [/\bHaltbarkeit\b|\bMindesthaltbarkeit\b/g, 'shelfLife'],
    [/\bTrocknungsverlust\b/g, 'lossOnDrying'],
    [/\bRestethanol\b/g, 'residualEthanol'],
  ],
  ar: [
    [/الرطوبة/g, 'moisture'],
    [/الرماد الكلي/g, 'totalAsh'],
    [/الرماد غير الذائب في الحمض/g, 'acidInsolubleAsh'],
    [/الكثافة الظاهرية/g, 'bulkDensity'],
    [/مدة الصلاحية|العمر التخزيني/g, 'shelfLife'],
    [/الفقد عند التجفيف/g, 'lossOnDrying'],
    [/الإيثانول المتبقي/g, 'residualEthanol'],
  ],
};
