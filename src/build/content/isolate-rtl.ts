/**
 * Right to left by construction: the content the app imports (src/build/content/vite-plugin.ts) has,
 * in every right-to-left language, each Latin run that the sentence around it could reorder
 * ("80-120 mesh", "2-3", "+971 4 1234567") between Unicode's left-to-right isolate and its end
 * (src/shared/i18n/ltr-runs.ts decides which runs). So every word of those languages that reaches a page,
 * a page's frontmatter (titles, descriptions, breadcrumbs, home sections, captions, image
 * alternatives, specifications), the FAQ and the interface's words (hints, errors,
 * confirmations), reads as written wherever it is put: in an element, an attribute, the <title>,
 * a meta description, Open Graph text or JSON-LD, with no component to remember. Page bodies get
 * `<bdi>` from src/build/content/rehype-isolate-ltr.ts instead. The loader's content stays as written,
 * for the content check's lengths and the translation hashes; left-to-right languages are not
 * touched.
 */
import { isolateLtrRuns } from '../../shared/i18n/ltr-runs.ts';
import type { Content } from './load.ts';

/** Fields that hold an address, an identifier or a setting, never words a reader sees. */
const NOT_WORDS = new Set(['href', 'src', 'to', 'image', 'path', 'id', 'category', 'locale', 'alternates', 'ogType', 'structuredData', 'translatedFrom']);

/** A site path, an anchor or a URL: left as it is whatever the field. */
const ADDRESS = /^(?:[/#]|[a-z][a-z0-9+.-]*:)\S*$/i;

/** Every string of `value` that a reader sees, with its Latin runs isolated; the rest as it is. */
export function isolateWords<T>(value: T): T {
  if (typeof value === 'string') return (ADDRESS.test(value) ? value : isolateLtrRuns(value)) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => isolateWords(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, NOT_WORDS.has(key) ? item : isolateWords(item)])) as T;
  }
  return value;
}

/** The content with every right-to-left language's words isolated (see above); the same object when the site has no such language. */
export function isolateRightToLeft(content: Content): Content {
  const rightToLeft = new Set(content.site.languages.filter((language) => language.dir === 'rtl').map((language) => language.code));
  if (rightToLeft.size === 0) return content;
  return {
    ...content,
    translations: content.translations.map((translation) =>
      rightToLeft.has(translation.language.code)
        ? {
            ...translation,
            pages: translation.pages.map((page) => ({ ...page, meta: isolateWords(page.meta) })),
            faq: isolateWords(translation.faq),
          }
        : translation,
    ),
    ui: Object.fromEntries(Object.entries(content.ui).map(([code, words]) => [code, rightToLeft.has(code) ? isolateWords(words) : words])),
  };
}
