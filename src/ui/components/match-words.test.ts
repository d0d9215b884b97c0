/** The search of the blog list and the FAQ, in every language the site is published in. */
import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesEveryWord } from './match-words';

describe('matchesEveryWord', () => {
  it('needs every word of the query, in any case, and an empty query matches everything', () => {
    expect(matchesEveryWord(['Shelf life and storage'], 'SHELF storage')).toBe(true);
    expect(matchesEveryWord(['Shelf life and storage'], 'shelf price')).toBe(false);
    expect(matchesEveryWord(['anything'], '  ')).toBe(true);
  });

  it('finds German words typed without their accents, and accented ones alike', () => {
    expect(matchesEveryWord(['Mindestabnahmemenge für Öle'], 'fur ole')).toBe(true);
    expect(matchesEveryWord(['Mindestabnahmemenge fur Ole'], 'für Öle')).toBe(true);
  });

  it('finds Arabic words typed without vowel marks, and with any form of alef, hamza, ya or ta marbuta', () => {
    // "الأسعار" (prices) with hamza on alef, typed with a plain alef and with vowel marks
    expect(matchesEveryWord(['نراجع الأسعار كل شهر'], 'الاسعار')).toBe(true);
    expect(matchesEveryWord(['نراجع الاسعار كل شهر'], 'الأَسعار')).toBe(true);
    expect(matchesEveryWord(['شهادة تحليل'], 'شهاده')).toBe(true);
    expect(matchesEveryWord(['مستوى الجودة'], 'مستوي')).toBe(true);
    expect(matchesEveryWord(['الشحن'], 'الأسعار')).toBe(false);
  });

  it('folds tatweel and marks away without touching the letters', () => {
    expect(foldForSearch('الشـحن')).toBe('الشحن');
    expect(foldForSearch('Incoterms® 2020')).toBe('incoterms® 2020');
  });
});

describe('a search in right-to-left text', () => {
  it('looks through the isolates around its figures', () => {
    expect(foldForSearch('بمقاس \u206680-120 mesh\u2069،')).toBe('بمقاس 80-120 mesh،');
    expect(matchesEveryWord(['بمقاس \u206680-120 mesh\u2069،'], 'mesh،')).toBe(true);
  });
});
