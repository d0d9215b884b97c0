import { describe, expect, it } from 'vitest';
import { applySynonyms, correctedQuery, editDistance, foldSearchText, germanUmlauts, queryVariants, wordsOf } from './query';
import { eachReturns, eachReturnsSame } from '../../../../tests/support/each-returns';

const none = { synonyms: {}, vocabulary: [] };

describe('foldSearchText', () => {
  eachReturns(
    'takes out Arabic vowel marks and tatweel, writes every alef with hamza or madda as plain alef and hamza on waw or ya as the letter: %s is %s',
    foldSearchText,
    [
      ['الثُّوم المُجَفَّف', 'الثوم المجفف'],
      ['مـسـحوق', 'مسحوق'],
      ['أسعار', 'اسعار'],
      ['إنتاج', 'انتاج'],
      ['آمن', 'امن'],
      ['مسؤول', 'مسوول'],
      ['هيئة', 'هيية'],
    ],
  );

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
  eachReturns('reads "ae", "oe", "ue" as the umlaut they stand for: %s is %s', germanUmlauts, [
    ['groesse', 'grösse'],
    ['schwermetallrueckstaende', 'schwermetallrückstände'],
    ['oel', 'öl'],
  ]);

  it.each(['neue steuer quelle', 'bauer'])('leaves "ue" after a vowel or q, and "oe" after a vowel, as written: %s', (text) => {
    expect(germanUmlauts(text)).toBe(text);
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

  it("writes a term holding a dollar sign as it is ($& and $' are not parts of the query)", () => {
    expect(applySynonyms('price in usd per kg', { usd: "US$&$'" })).toBe("price in us$&$' per kg");
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
  eachReturns('counts a changed, added, dropped or swapped letter as one: %s is %i from garlic', (word) => editDistance(word, 'garlic', 2), [
    ['garlik', 1],
    ['garlc', 1],
    ['garllic', 1],
    ['galric', 1],
    ['garlic', 0],
  ]);

  it('is 0 between a word and itself', () => {
    expect(editDistance('powder', 'powder', 2)).toBe(0);
  });

  it.each([
    ['onion', 2, 3],
    ['a', 1, 2],
  ])('stops over the limit: %s against garlic with the limit %i is %i', (word, limit, distance) => {
    expect(editDistance(word, 'garlic', limit)).toBe(distance);
  });
});

describe('correctedQuery', () => {
  const vocabulary = ['garlic', 'powder', 'granules', 'oil', 'flakes', 'oleoresin'];

  eachReturns('corrects a misspelt word to the nearest word of the titles: %s is %s', (query) => correctedQuery(query, vocabulary), [
    ['garlik powder', 'garlic powder'],
    ['garlic powdr', 'garlic powder'],
    ['oleoresn', 'oleoresin'],
  ]);

  eachReturnsSame(
    'leaves known words, the start of a word and short words alone, and says so with null: %s',
    (query) => correctedQuery(query, vocabulary),
    ['garlic powder', 'gran', 'oils'],
    null,
  );

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
