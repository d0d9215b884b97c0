/** The direction of the buyer's words in the sales team's e-mail (buyer-text.ts). */
import { describe, expect, it } from 'vitest';
import { buyerHtml, buyerText, shortened } from './buyer-text';
import { eachReturns } from '../../../tests/support/each-returns';

describe('the buyer’s words', () => {
  eachReturns('isolate each line of an Arabic message and its Latin runs in plain text, and leave English text alone: %j', buyerText, [
    ['السطر الأول 2-3 أيام\nالسطر الثاني', '\u2067السطر الأول \u20662-3\u2069 أيام\u2069\n\u2067السطر الثاني\u2069'],
    ['Garlic powder 80-120 mesh', 'Garlic powder 80-120 mesh'],
  ]);

  eachReturns('escape the text and put the Latin runs of an Arabic value in <bdi> in HTML: %s', buyerHtml, [
    ['شركة <الخليج> 25 kg', 'شركة &lt;الخليج&gt; <bdi dir="ltr">25 kg</bdi>'],
    ['Gulf <b>Trading</b> 25 kg', 'Gulf &lt;b&gt;Trading&lt;/b&gt; 25 kg'],
    // The site's one escaping rule (escape-markup.ts): an apostrophe stays, as on the pages.
    ['O\'Brien & "Sons"', "O'Brien &amp; &quot;Sons&quot;"],
  ]);
});

describe('a subject cut to its length', () => {
  const RLI = '\u2067';
  const PDI = '\u2069';
  const opened = (text: string) => (text.match(/[\u2066-\u2068]/g)?.length ?? 0) - (text.match(/\u2069/g)?.length ?? 0);

  it('is left whole when it fits', () => {
    expect(shortened('Quote request: Acme', 200)).toBe('Quote request: Acme');
  });

  it('ends in an ellipsis within the length, closing an isolate it cut through', () => {
    const subject = `Quote request: ${buyerText(`شركة ${'الخليج '.repeat(40)}للأغذية 25 kg`)}, Germany`;
    const cut = shortened(subject, 120);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut.startsWith(`Quote request: ${RLI}شركة`)).toBe(true);
    expect(cut.endsWith(`…${PDI}`)).toBe(true);
    expect(opened(cut)).toBe(0);
  });

  it('never splits a character written with two code units', () => {
    const cut = shortened(`Samples: ${'𝐀'.repeat(20)}`, 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut).toBe(`Samples: ${'𝐀'.repeat(5)}…`);
  });
});
