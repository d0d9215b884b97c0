/** The five forms as pre-rendered: each draws a control for every field its definition checks, so none is required unseen. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CareersForm, ContactForm, InvestmentForm, PartnershipForm, SampleRequestForm } from './forms';
import { FORMS, formsIn } from './site-forms';

describe('every form as pre-rendered', () => {
  it.each([
    ['contactEnquiries', <ContactForm key="contact" />],
    ['sampleRequests', <SampleRequestForm key="sample" />],
    ['jobApplications', <CareersForm key="careers" />],
    ['partnershipApplications', <PartnershipForm key="partnership" />],
    ['investorInterests', <InvestmentForm key="investment" />],
  ] as const)('%s has a control for each of its fields', (collection, form) => {
    const html = renderToString(form);
    for (const name of Object.keys(FORMS[collection].fields)) expect(html, name).toMatch(new RegExp(`<(input|select|textarea)[^>]*name="${name}"`));
  });

  it('offers the country as a select of codes named in the page’s language, starting on its prompt', () => {
    const html = renderToString(<SampleRequestForm locale="de" />);
    const select = /<select[^>]*name="country"[^>]*>(.*?)<\/select>/s.exec(html);
    expect(select?.[0]).toMatch(/<select[^>]*required=""/);
    const options = [...(select?.[1] ?? '').matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options.slice(0, 3)).toEqual([
      ['', 'Land wählen'],
      ['AF', 'Afghanistan'],
      ['EG', 'Ägypten'],
    ]);
    expect(options).toHaveLength((formsIn('de').sampleRequests.fields.country?.options?.length ?? 0) + 1);
  });
});
