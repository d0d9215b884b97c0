/** The five lead forms as this site offers them: with the products of its configuration (content/site.yaml), in a language's words. */
import { leadForms, type LeadFormWords, type LeadForms } from '@/domain/lead-forms';
import { DEFAULT_LANGUAGE } from '@/i18n/languages';
import { stringsFor } from '@/i18n/ui';
import { site } from '@/site';

export const FORMS = leadForms(site.products);

const byLanguage = new Map<string, LeadForms>([[DEFAULT_LANGUAGE.code, FORMS]]);

/** The forms in a language (content/ui/<code>.yaml, `leadForms`); the contact and sample request forms speak it. */
export function formsIn(code: string): LeadForms {
  let forms = byLanguage.get(code);
  if (!forms) {
    forms = leadForms(site.products, stringsFor(code).leadForms as LeadFormWords);
    byLanguage.set(code, forms);
  }
  return forms;
}
