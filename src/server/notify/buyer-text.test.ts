/** The direction of the buyer's words in the sales team's e-mail (buyer-text.ts). */
import { describe, expect, it } from 'vitest';
import { buyerHtml, buyerText, isRightToLeft } from './buyer-text';

describe('the buyer’s words', () => {
  it('read right to left when most of their letters are Arabic, not for an Arabic word in an English sentence', () => {
    expect(isRightToLeft('مسحوق الثوم بمقاس 80-120 mesh')).toBe(true);
    expect(isRightToLeft('Please quote our usual order of ثوم, 80-120 mesh')).toBe(false);
    expect(isRightToLeft('+971 4 1234567')).toBe(false);
  });

  it('isolate each line of an Arabic message and its Latin runs in plain text, and leave English text alone', () => {
    expect(buyerText('السطر الأول 2-3 أيام\nالسطر الثاني')).toBe('\u2067السطر الأول \u20662-3\u2069 أيام\u2069\n\u2067السطر الثاني\u2069');
    expect(buyerText('Garlic powder 80-120 mesh')).toBe('Garlic powder 80-120 mesh');
  });

  it('escape the text and put the Latin runs of an Arabic value in <bdi> in HTML', () => {
    expect(buyerHtml('شركة <الخليج> 25 kg')).toBe('شركة &lt;الخليج&gt; <bdi dir="ltr">25 kg</bdi>');
    expect(buyerHtml('Gulf <b>Trading</b> 25 kg')).toBe('Gulf &lt;b&gt;Trading&lt;/b&gt; 25 kg');
  });
});
