/** The links the desk offers to reach a buyer, from what they sent. */
import { describe, expect, it } from 'vitest';
import { reachOf } from './reach';

const lead = (fields: Record<string, string>, type: 'contactEnquiries' | 'sampleRequests' = 'contactEnquiries') => reachOf({ id: 'GB-7K3Q9X2M', type, fields });

describe('reachOf', () => {
  it('calls the number as typed in digits and +, e-mails with the request and its reference as subject, and opens WhatsApp on the digits', () => {
    const reach = lead({ phone: ' +49 (40) 123-4567 ', email: 'anna.schmidt@spicetrading.example' });
    expect(reach.call).toEqual({ href: 'tel:+49401234567', name: 'Call +49 (40) 123-4567' });
    expect(reach.mail?.href).toBe('mailto:anna.schmidt@spicetrading.example?subject=Your%20quote%20request%20GB-7K3Q9X2M');
    expect(new URL(reach.mail?.href ?? '').searchParams.get('subject')).toBe('Your quote request GB-7K3Q9X2M');
    expect(reach.chat).toEqual({ href: 'https://wa.me/49401234567', name: 'WhatsApp +49 (40) 123-4567' });
  });

  it('names a sample request in the subject, and reads 00 as the international prefix', () => {
    const reach = lead({ phone: '0086 21 5555 0101', email: 'li@gws.example' }, 'sampleRequests');
    expect(reach.mail?.href).toBe('mailto:li@gws.example?subject=Your%20sample%20request%20GB-7K3Q9X2M');
    expect(reach.call?.href).toBe('tel:+862155550101');
    expect(reach.chat?.href).toBe('https://wa.me/862155550101');
  });

  it('offers no WhatsApp chat for a number without its country code, but still the call', () => {
    const reach = lead({ phone: '040 1234567' });
    expect(reach.call?.href).toBe('tel:0401234567');
    expect(reach.chat).toBeNull();
  });

  it('offers nothing built from text that is not a number or one address', () => {
    for (const phone of ['', '12345', 'call me', '+49 40 1234567;ext=1', 'javascript:alert(1)', '+1234567890123456']) {
      expect(lead({ phone }).call, phone).toBeNull();
    }
    for (const email of ['', 'anna', 'a@b', 'a@b.example?bcc=x@y.example', 'a@b.example,c@d.example', 'a b@c.example', 'a@b.example&body=x']) {
      expect(lead({ email }).mail, email).toBeNull();
    }
    expect(lead({})).toEqual({ call: null, mail: null, chat: null });
  });
});
