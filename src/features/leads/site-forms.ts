/** The five lead forms as this site offers them: with the products of its configuration (content/site.yaml), in a language's words. */
import { type FieldDef, leadForms, optionLabel, optionValue, type LeadFormWords, type LeadForms } from '@/domain/lead-forms';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@/i18n/languages';
import { isolateLtrRuns } from '@/i18n/ltr-runs';
import { stringsFor } from '@/i18n/ui';
import { site } from '@/site';

export const FORMS = leadForms(site.products);

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

/** The forms in a language (content/ui/<code>.yaml, `leadForms`); the contact and sample request forms speak it. */
export function formsIn(code: string): LeadForms {
  let forms = byLanguage.get(code);
  if (!forms) {
    forms = leadForms(site.products, stringsFor(code).leadForms as LeadFormWords);
    if (LANGUAGES.find((language) => language.code === code)?.dir === 'rtl') {
      forms = Object.fromEntries(
        Object.entries(forms).map(([collection, def]) => [
          collection,
          { ...def, fields: Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, withIsolatedChoices(field)])) },
        ]),
      ) as unknown as LeadForms;
    }
    byLanguage.set(code, forms);
  }
  return forms;
}
