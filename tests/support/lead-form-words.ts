/**
 * The lead forms in the site's first language, as the server has them: their words read from
 * content/ui/en.yaml (the figures of content/facts.yaml filled in) by the server's own loader, so
 * a test states what a visitor or the sales team reads without a copy of the words to go stale.
 */
import { fileURLToPath } from 'node:url';
import { loadLeadFormWords } from '@/build/content/load';
import { leadForms, type LeadForms, type LeadFormWords } from '@/shared/domain/lead-forms';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** content/ui/en.yaml's `leadForms`, facts filled in. */
export const ENGLISH_WORDS: LeadFormWords = loadLeadFormWords(REPO_ROOT);

/** The five forms in English, offering `products` (none unless given: the forms' shape and words need no list). */
export function englishForms(products: readonly string[] = []): LeadForms {
  return leadForms(products, ENGLISH_WORDS);
}
