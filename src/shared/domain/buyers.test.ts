/** Which leads are one buyer's: the same e-mail in any case, or the same company, folded, in the same country. */
import { describe, expect, it } from 'vitest';
import { companyKey, emailKey, sameBuyer } from './buyers';

describe('one buyer', () => {
  it('is the same e-mail address in any case and with spaces around it', () => {
    expect(sameBuyer({ email: ' Jo@Acme.Example ' }, { email: 'jo@acme.example' })).toBe(true);
    expect(emailKey({ email: 'JO@ACME.EXAMPLE' })).toBe('jo@acme.example');
  });

  it('is the same company written with other accents, case or Arabic letter forms, in the same country', () => {
    expect(
      sameBuyer(
        { email: 'a@x.example', company: 'Müller Gewürze GmbH', country: 'DE' },
        { email: 'b@y.example', company: 'MULLER gewurze  gmbh', country: 'DE' },
      ),
    ).toBe(true);
    expect(sameBuyer({ company: 'شركة الخليج', country: 'AE' }, { company: 'شركة الخليج', country: 'AE' })).toBe(true);
    expect(sameBuyer({ organisation: 'Acme Foods', country: 'US' }, { company: 'acme foods', country: 'US' })).toBe(true);
  });

  it('is not the same company in another country, nor two leads with neither an address nor a company and country in common', () => {
    expect(sameBuyer({ company: 'Acme Foods', country: 'US' }, { company: 'Acme Foods', country: 'GB' })).toBe(false);
    expect(sameBuyer({ company: 'Acme Foods' }, { company: 'Acme Foods' })).toBe(false);
    expect(sameBuyer({ email: '' }, { email: '' })).toBe(false);
    expect(sameBuyer({ email: 'a@x.example', company: 'Acme', country: 'US' }, { email: 'b@x.example', company: 'Other', country: 'US' })).toBe(false);
    expect(companyKey({ company: '  ', country: 'US' })).toBe('');
  });
});
