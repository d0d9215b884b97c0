/** The five lead forms as this site offers them: with the products of its configuration (content/site.yaml), in a language's words. */
import { countryOptions } from '@/shared/domain/countries';
import { type FieldDef, leadForms, optionLabel, optionValue, type LeadFormWords, type LeadForms } from '@/shared/domain/lead-forms';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@/shared/i18n/languages';
import { isolateLtrRuns } from '@/shared/i18n/ltr-runs';
import { stringsFor } from '@/ui/i18n/ui';
import { site } from '@/shared/site';

/** The forms in the site's first language: the default language's words (content/ui), as every page has them. */
export const FORMS = leadForms(site.products, stringsFor(DEFAULT_LANGUAGE.code).leadForms as LeadFormWords);

const byLanguage = new Map<string, LeadForms>([[DEFAULT_LANGUAGE.code, FORMS]]);

/**
 * A field whose choices the trade writes the same in every language ("50 g", "USD 50,000-250,000"),
 * for a right-to-left form: each label's figures isolated as the language's own words' are, each
 * value as it was (the value is what is checked and stored).
 */
function withIsolatedChoices(field: FieldDef): FieldDef {
  if (!field.options) return field;
  const options = field.options.map((option) => {
    const label = isolateLtrRuns(optionLabel(option));
    return label === optionLabel(option) ? option : { value: optionValue(option), label };
  });
  return { ...field, options };
}

/**
 * The product choices in a language: each product's name in that language (content/ui/<code>.yaml,
 * `productNames`) as its label, and the name the site configuration gives it as its value, which is
 * what a lead stores whatever the page's language. A product with no name there shows its own.
 */
function withProductNames(field: FieldDef, names: Record<string, string> | undefined): FieldDef {
  if (!field.options || !names) return field;
  const options = field.options.map((option) => {
    const name = names[optionValue(option)];
    return name && name !== optionLabel(option) ? { value: optionValue(option), label: name } : option;
  });
  return { ...field, options };
}

/** The country choices named in the page's language and sorted as it sorts; the value stays the ISO code. */
function withCountryNames(field: FieldDef, code: string): FieldDef {
  return { ...field, options: countryOptions(code) };
}

/**
 * The forms in a language (content/ui/<code>.yaml, `leadForms`, `productNames`); the contact and
 * sample request forms speak it, their product names included.
 */
export function formsIn(code: string): LeadForms {
  let forms = byLanguage.get(code);
  if (!forms) {
    const strings = stringsFor(code);
    const rightToLeft = LANGUAGES.find((language) => language.code === code)?.dir === 'rtl';
    const inLanguage = (name: string, field: FieldDef): FieldDef => {
      const named = name === 'products' ? withProductNames(field, strings.productNames) : name === 'country' ? withCountryNames(field, code) : field;
      return rightToLeft ? withIsolatedChoices(named) : named;
    };
    forms = Object.fromEntries(
      // The first language's words under the page's: the forms of its pages alone are built without words in others.
      Object.entries(leadForms(site.products, { ...stringsFor(DEFAULT_LANGUAGE.code).leadForms, ...strings.leadForms } as LeadFormWords)).map(
        ([collection, def]) => [
          collection,
          { ...def, fields: Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, inLanguage(name, field)])) },
        ],
      ),
    ) as unknown as LeadForms;
    byLanguage.set(code, forms);
  }
  return forms;
}
