/** The content the app imports: every right-to-left language's words with their figures isolated, the rest as written. */
import { describe, expect, it } from 'vitest';
import { LRI, PDI } from '../../shared/i18n/ltr-runs';
import { isolateRightToLeft, isolateWords } from './isolate-rtl';
import { loadContent } from './load';

const written = loadContent();
const isolated = isolateRightToLeft(written);
const arabic = (content: typeof written) => content.translations.find((t) => t.language.code === 'ar')!;
const page = (content: typeof written, path: string) => arabic(content).pages.find((p) => p.path === path)!;
const wrapped = (run: string) => `${LRI}${run}${PDI}`;

describe('isolateRightToLeft', () => {
  it('isolates the figures of an Arabic page’s title, description, home sections and specification', () => {
    const powder = page(isolated, '/ar/garlic-powder').meta;
    expect(powder.title).toContain(wrapped('80-120 mesh'));
    expect(powder.description).toContain(wrapped('2-3'));
    expect(powder.product?.summary).toContain(wrapped('80-120 mesh'));
    const sections = page(isolated, '/ar').meta.sections as { products: { items: { summary: string; href: string; image: string }[] } };
    expect(sections.products.items.map((item) => item.summary).join(' ')).toContain(wrapped('80-120 mesh'));
  });

  it('isolates the interface’s words and the FAQ', () => {
    const words = isolated.ui.ar as { leadForms: Record<string, string> };
    expect(words.leadForms.phoneHint).toContain(wrapped('+971 4 1234567'));
    expect(words.leadForms.phoneExample).toBe(wrapped('+971 4 1234567'));
    expect(words.leadForms.contactNextSteps).toContain(wrapped('15-30'));
    expect(words.leadForms.sampleNextSteps).toContain(wrapped('2-3'));
    expect(arabic(isolated).faq.some((entry) => entry.answer.includes(LRI))).toBe(true);
  });

  it('leaves addresses, identifiers and hashes as they are', () => {
    const before = page(written, '/ar/garlic-powder').meta;
    const after = page(isolated, '/ar/garlic-powder').meta;
    expect(after.translatedFrom).toBe(before.translatedFrom);
    expect(after.image).toBe(before.image);
    const sections = page(isolated, '/ar').meta.sections as { hero: { image: { src: string } }; products: { items: { href: string; image: string }[] } };
    expect(JSON.stringify([sections.hero.image.src, sections.products.items.map((item) => [item.href, item.image])])).not.toContain(LRI);
    expect(arabic(isolated).faq.map((entry) => [entry.id, entry.category])).toEqual(arabic(written).faq.map((entry) => [entry.id, entry.category]));
    expect(isolateWords({ href: '/region/eu-2', src: '/images/iso-22000.svg', url: 'https://example.com/a-1' })).toEqual({
      href: '/region/eu-2',
      src: '/images/iso-22000.svg',
      url: 'https://example.com/a-1',
    });
  });

  it('changes neither the left-to-right languages, nor the pages’ bodies, nor the loader’s own content', () => {
    expect(JSON.stringify([isolated.site, isolated.pages, isolated.faq, isolated.blog, isolated.ui.en, isolated.ui.de])).not.toContain(LRI);
    expect(isolated.translations.find((t) => t.language.code === 'de')).toBe(written.translations.find((t) => t.language.code === 'de'));
    expect(page(isolated, '/ar/garlic-powder').body).toBe(page(written, '/ar/garlic-powder').body);
    expect(JSON.stringify(written)).not.toContain(LRI);
  });

  it('gives back the same content for a site without a right-to-left language', () => {
    const leftToRight = { ...written, site: { ...written.site, languages: written.site.languages.filter((l) => l.dir === 'ltr') } };
    expect(isolateRightToLeft(leftToRight)).toBe(leftToRight);
  });
});
