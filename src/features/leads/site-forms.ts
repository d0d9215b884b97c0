/** The five lead forms as this site offers them: with the products of its configuration (content/site.yaml). */
import { leadForms } from '@/domain/lead-forms';
import { site } from '@/site';

export const FORMS = leadForms(site.products);
