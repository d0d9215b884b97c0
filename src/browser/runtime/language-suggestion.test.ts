import { describe, expect, it } from 'vitest';
import { suggestedLanguage } from './language-suggestion';

const GERMAN_AND_ARABIC = new Set(['de', 'ar']);

describe('the language suggested to a visitor', () => {
  it("is the first of the browser's languages the page is also published in", () => {
    expect(suggestedLanguage(['de-DE', 'de', 'en-US'], 'en', GERMAN_AND_ARABIC)).toBe('de');
    expect(suggestedLanguage(['fr-FR', 'AR-SA'], 'en', GERMAN_AND_ARABIC)).toBe('ar');
  });

  it("is none when the page's own language comes before any other version", () => {
    expect(suggestedLanguage(['en-GB', 'de'], 'en', GERMAN_AND_ARABIC)).toBeNull();
    expect(suggestedLanguage(['fr', 'de-AT'], 'de', new Set(['en', 'ar']))).toBeNull();
  });

  it('is none when no preferred language has a version of the page', () => {
    expect(suggestedLanguage(['fr-FR', 'it'], 'en', GERMAN_AND_ARABIC)).toBeNull();
    expect(suggestedLanguage(['de'], 'en', new Set())).toBeNull();
    expect(suggestedLanguage([], 'en', GERMAN_AND_ARABIC)).toBeNull();
  });
});
