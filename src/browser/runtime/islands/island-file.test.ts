/** Which file an island is on a page in each language: the language's own, where it has one. */
import { describe, expect, it } from 'vitest';
import { islandFile, islandNames } from './island-file';

const FILES = {
  '/src/browser/islands/ContactForm.tsx': {},
  '/src/browser/islands/FaqBrowser.tsx': {},
  '/src/browser/islands/FaqBrowser.en.tsx': {},
  '/src/browser/islands/FaqBrowser.de.tsx': {},
};

describe('islandFile', () => {
  it("takes the file of the page's language, else the island's own", () => {
    expect(islandFile('FaqBrowser', 'en', FILES)).toBe('/src/browser/islands/FaqBrowser.en.tsx');
    expect(islandFile('FaqBrowser', 'de', FILES)).toBe('/src/browser/islands/FaqBrowser.de.tsx');
    expect(islandFile('FaqBrowser', 'ar', FILES)).toBe('/src/browser/islands/FaqBrowser.tsx');
    expect(islandFile('ContactForm', 'de', FILES)).toBe('/src/browser/islands/ContactForm.tsx');
  });

  it('names each island once, whatever files it has per language', () => {
    expect(islandNames(FILES)).toEqual(['ContactForm', 'FaqBrowser']);
  });
});
