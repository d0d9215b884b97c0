import { describe, expect, it } from 'vitest';
import { joinedFigures } from './joined-figures';

const whole = (text: string) =>
  joinedFigures(text)
    .filter((part) => part.whole)
    .map((part) => part.text);

describe('joined figures', () => {
  it('finds ranges, standards’ parts and dates, with their decimals and thousands', () => {
    expect(whole('80-120 mesh, 2–3 weeks, 0.55-0.70 g/ml and 500-1,000 kg')).toEqual(['80-120', '2–3', '0.55-0.70', '500-1,000']);
    expect(whole('ISO 21527-2 and GSO 2055-1, checked 2025-02-03')).toEqual(['21527-2', '2055-1', '2025-02-03']);
    expect(whole('10-15% moisture')).toEqual(['10-15']);
  });

  it('leaves single figures, words with hyphens and dashes between words alone', () => {
    expect(whole('1 MT, 24 months, 95% and a pre-shipment check – by sea')).toEqual([]);
    expect(whole('pages 4 - 6')).toEqual([]);
  });

  it('keeps every character, in order', () => {
    for (const text of ['', 'no figures', '80-120', 'between ⁦16-26⁩ mesh', '4–6 weeks, 2-3 days.']) {
      expect(
        joinedFigures(text)
          .map((part) => part.text)
          .join(''),
      ).toBe(text);
    }
    expect(joinedFigures('plain')).toEqual([{ text: 'plain', whole: false }]);
  });
});
