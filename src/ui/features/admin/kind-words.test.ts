/**
 * The admin names a buyer's lead as the site's forms and the team's e-mails do: a contact form's
 * lead is a "Quote request" wherever the dashboard names it (the desk's list and details, the
 * Overview's series, the sections of this browser's records), a sample request form's a "Sample
 * request".
 */
import { describe, expect, it } from 'vitest';
import { BUYER_KIND_LABELS } from '@/shared/domain/sales-pipeline';
import { BUYER_COLLECTIONS } from '@/shared/domain/records';
import { SECTIONS } from './sections';
import { englishForms } from '../../../../tests/support/lead-form-words';

const FORMS = englishForms();
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

describe('the names of the buyers’ kinds of lead', () => {
  it.each(BUYER_COLLECTIONS)('%s: the desk’s label is the form’s title', (collection) => {
    expect(BUYER_KIND_LABELS[collection]).toBe(capitalised(FORMS[collection].title));
  });

  it.each(BUYER_COLLECTIONS)('%s: the section of this browser’s records says the same, one and many', (collection) => {
    const section = SECTIONS.find((candidate) => candidate.collection === collection);
    const one = FORMS[collection].title;
    expect(section).toMatchObject({ title: `${capitalised(one)}s`, one, many: `${one}s` });
  });
});
