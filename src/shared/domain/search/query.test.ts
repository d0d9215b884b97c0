import { describe, expect, it } from 'vitest';
import { applySynonyms, correctedQuery, editDistance, foldSearchText, germanUmlauts, queryVariants, wordsOf } from './query';

const none = { synonyms: {}, vocabulary: [] };

describe('foldSearchText', () => {
  it('takes out Arabic vowel marks and tatweel, so a word with tashkeel is the word without', () => {
    expect(foldSearchText('الثُّوم المُجَفَّف')).toBe('الثوم المجفف');
    expect(foldSearchText('مـسـحوق')).toBe('مسحوق');
  });

  it('writes every alef with hamza or madda as plain alef, and hamza on waw or ya as the letter', () => {
    expect(foldSearchText('أسعار')).toBe('اسعار');
    expect(foldSearchText('إنتاج')).toBe('انتاج');
    expect(foldSearchText('آمن')).toBe('امن');
    expect(foldSearchText('مسؤول')).toBe('مسوول');
    expect(foldSearchText('هيئة')).toBe('هيية');
  });

  it('keeps ta marbuta and alef maqsura, which the index keeps too', () => {
    expect(foldSearchText('شحنة على')).toBe('شحنة على');
  });

  it('lowers the case, drops the isolates around figures and makes any run of spaces one', () => {
    expect(foldSearchText('  Garlic\u00a0 POWDER \u20665 %\u2069 ')).toBe('garlic powder 5 %');
  });

  it('keeps German umlauts and ß, which the index stems to their base letters', () => {
    expect(foldSearchText('Größe Öl')).toBe('größe öl');
  });
});

describe('germanUmlauts', () => {
  it('reads "ae", "oe", "ue" as the umlaut they stand for', () => {
    expect(germanUmlauts('groesse')).toBe('grösse');
    expect(germanUmlauts('schwermetallrueckstaende')).toBe('schwermetallrückstände');
    expect(germanUmlauts('oel')).toBe('öl');
  });

  it('leaves "ue" after a vowel or q, and "oe" after a vowel, as written', () => {
    expect(germanUmlauts('neue steuer quelle')).toBe('neue steuer quelle');
    expect(germanUmlauts('bauer')).toBe('bauer');
  });
});

describe('applySynonyms', () => {
  const synonyms = { mindestbestellmenge: 'Mindestabnahmemenge', 'technisches datenblatt': 'Spezifikationsblatt', datenblatt: 'Spezifikationsblatt' };

  it('replaces a glossary variant by the term the site uses', () => {
    expect(applySynonyms('mindestbestellmenge knoblauch', synonyms)).toBe('mindestabnahmemenge knoblauch');
  });

  it('replaces whole words only, the longest variant first', () => {
    expect(applySynonyms('technisches datenblatt', synonyms)).toBe('spezifikationsblatt');
    expect(applySynonyms('datenblattvorlage', synonyms)).toBe('datenblattvorlage');
  });
});

describe('queryVariants', () => {
  it('asks a German query as typed and with its typed umlauts as umlauts', () => {
    expect(queryVariants('Groesse', 'de', none)).toEqual(['groesse', 'grösse']);
    expect(queryVariants('Schwermetalle', 'de', none)).toEqual(['schwermetalle']);
  });

  it('asks an Arabic query with and without tashkeel as the same words', () => {
    const plain = queryVariants('الحد الأدنى للطلب', 'ar', none);
    expect(queryVariants('الحَدُّ الأَدْنَى لِلطَّلَب', 'ar', none)).toEqual(plain);
    expect(queryVariants('الحد الادنى للطلب', 'ar', none)).toEqual(plain);
  });

  it('asks nothing for a query without a letter or figure', () => {
    expect(queryVariants(' ?! ', 'en', none)).toEqual([]);
  });

  it('asks the German glossary variant as the site term', () => {
    expect(queryVariants('Mindestbestellmenge', 'de', { synonyms: { mindestbestellmenge: 'Mindestabnahmemenge' }, vocabulary: [] })).toEqual([
      'mindestabnahmemenge',
    ]);
  });

  it('only folds English', () => {
    expect(queryVariants('Garlic Powder', 'en', none)).toEqual(['garlic powder']);
  });
});

describe('editDistance', () => {
  it('counts a changed, added, dropped or swapped letter as one', () => {
    expect(editDistance('garlik', 'garlic', 2)).toBe(1);
    expect(editDistance('garlc', 'garlic', 2)).toBe(1);
    expect(editDistance('garllic', 'garlic', 2)).toBe(1);
    expect(editDistance('galric', 'garlic', 2)).toBe(1);
    expect(editDistance('powder', 'powder', 2)).toBe(0);
  });

  it('stops over the limit', () => {
    expect(editDistance('onion', 'garlic', 2)).toBe(3);
    expect(editDistance('a', 'garlic', 1)).toBe(2);
  });
});

describe('correctedQuery', () => {
  const vocabulary = ['garlic', 'powder', 'granules', 'oil', 'flakes', 'oleoresin'];

  it('corrects a misspelt word to the nearest word of the titles', () => {
    expect(correctedQuery('garlik powder', vocabulary)).toBe('garlic powder');
    expect(correctedQuery('garlic powdr', vocabulary)).toBe('garlic powder');
    expect(correctedQuery('oleoresn', vocabulary)).toBe('oleoresin');
  });

  it('leaves known words, the start of a word and short words alone, and says so with null', () => {
    expect(correctedQuery('garlic powder', vocabulary)).toBeNull();
    expect(correctedQuery('gran', vocabulary)).toBeNull();
    expect(correctedQuery('oils', vocabulary)).toBeNull();
  });

  it('leaves a word with no near word as typed', () => {
    expect(correctedQuery('cardamom', vocabulary)).toBeNull();
  });

  it('prefers the more frequent word on a tie', () => {
    expect(correctedQuery('flakez', ['flakes', 'flaked'])).toBe('flakes');
  });
});

describe('wordsOf', () => {
  it('splits folded text into words of letters and figures', () => {
    expect(wordsOf('Garlic Powder (80–100 mesh)')).toEqual(['garlic', 'powder', '80', '100', 'mesh']);
    expect(wordsOf('مسحوق الثُّوم')).toEqual(['مسحوق', 'الثوم']);
  });
});
