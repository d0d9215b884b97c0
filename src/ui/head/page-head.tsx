/**
 * The one head helper: every route calls `usePageHead` with its metadata, and this is the only
 * place that writes the title template, canonical, alternates, Open Graph, Twitter card, robots
 * and JSON-LD.
 *
 * The pre-render writes the head (unhead). In the browser, only an island that replaces the page's
 * subject (a post added in this browser, shown over the not-found page) calls it: there it sets
 * the title, description and robots of the document directly, and unhead stays out of the bundle.
 */
import { useEffect } from 'react';
import { useHead } from '@unhead/react';
import type { Alternate } from '@/build/content/schema';
import { DEFAULT_LANGUAGE, LANGUAGES, languageOf } from '@/shared/i18n/languages';
import { absoluteUrl, site } from '@/shared/site';
import cardWords from 'virtual:content/social-cards';
import { DEFAULT_CARD, defaultCard } from './social-card';

interface HeadInput {
  title: string;
  description: string;
  /** Site path of the page, e.g. `/garlic-powder`; null for the not-found page (no canonical). */
  path: string | null;
  keywords?: string[];
  /** Social image, a site path. */
  image?: string;
  /** What the social image shows (og:image:alt); the default card's words when `image` is not given. */
  imageAlt?: string;
  ogType?: string;
  noindex?: boolean;
  /** Structured data objects (schema.org), each written as its own JSON-LD script. */
  jsonLd?: object[];
  /** Extra `<link>` tags, e.g. the blog feed. */
  links?: { rel: 'alternate'; type: string; title: string; href: string }[];
  /** The page's versions in every language it is published in, itself included; default: itself alone. */
  alternates?: Alternate[];
  /** The page's language code; default: the language of `path` (the not-found pages have no path). */
  locale?: string;
}

/** Schema.org types that say which language they are written in. */
const HAS_LANGUAGE = new Set(['WebPage', 'WebSite', 'FAQPage', 'Blog', 'BlogPosting', 'Article', 'CollectionPage', 'AboutPage', 'ContactPage']);

/** A card's alt text: the brand, then what the card shows under it (a page's title, or the default card's tagline). */
export function cardAlt(title: string): string {
  return `${site.name}: ${title}`;
}

function titleFor(title: string): string {
  return `${title} | ${site.name}`;
}

function useServerStructuredData(things: object[]): void {
  useHead({ script: things.map((data) => ({ type: 'application/ld+json', textContent: JSON.stringify(data) })) });
}

/** Structured data a component adds beside its page's own (the FAQ list, the blog list); pre-render only. */
export const useStructuredData: (things: object[]) => void = import.meta.env.SSR ? useServerStructuredData : () => {};

function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

function useDocumentHead(input: HeadInput): void {
  const { title, description, noindex } = input;
  useEffect(() => {
    document.title = titleFor(title);
    setMeta('description', description);
    setMeta('robots', noindex ? 'noindex, nofollow' : 'index, follow');
  }, [title, description, noindex]);
}

export const usePageHead: (input: HeadInput) => void = import.meta.env.SSR ? useServerHead : useDocumentHead;

function useServerHead(input: HeadInput): void {
  const url = input.path === null ? null : absoluteUrl(input.path);
  const title = titleFor(input.title);
  const language = LANGUAGES.find((l) => l.code === input.locale) ?? languageOf(input.path ?? '/');
  // A page without a picture of its own shows the default card in its language, described in its language.
  const ownImage = input.image !== DEFAULT_CARD ? input.image : undefined;
  const image = absoluteUrl(ownImage ?? defaultCard(language.code, DEFAULT_LANGUAGE.code));
  const imageAlt = ownImage ? (input.imageAlt ?? input.title) : cardAlt(cardWords[language.code].tagline);
  // Each version lists itself and every other, with absolute URLs; x-default is the default
  // language's version, the page for everyone whose language the site does not have.
  const alternates = input.path === null ? [] : (input.alternates ?? [{ code: language.code, path: input.path }]);
  const defaultVersion = alternates.find((a) => a.code === DEFAULT_LANGUAGE.code);
  const localeOf = (code: string) => LANGUAGES.find((l) => l.code === code)?.locale ?? code;
  const inLanguage = (thing: object) => ('@type' in thing && HAS_LANGUAGE.has(String(thing['@type'])) ? { ...thing, inLanguage: language.code } : thing);
  useHead({
    title,
    htmlAttrs: { lang: language.code, dir: language.dir },
    meta: [
      { name: 'description', content: input.description },
      ...(input.keywords?.length ? [{ name: 'keywords', content: input.keywords.join(', ') }] : []),
      { name: 'robots', content: input.noindex ? 'noindex, nofollow' : 'index, follow' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: input.description },
      { property: 'og:type', content: input.ogType ?? 'website' },
      ...(url ? [{ property: 'og:url', content: url }] : []),
      { property: 'og:image', content: image },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:image:alt', content: imageAlt },
      { property: 'og:site_name', content: site.name },
      { property: 'og:locale', content: language.locale },
      ...alternates.filter((a) => a.code !== language.code).map((a) => ({ property: 'og:locale:alternate', content: localeOf(a.code) })),
      // X reads the title and description from og:title and og:description when its own tags are
      // absent, so they are not written twice (the landing pages must fit the first round trip).
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:image', content: image },
      { name: 'twitter:image:alt', content: imageAlt },
    ],
    link: [
      ...(url
        ? [
            { rel: 'canonical' as const, href: url },
            ...alternates.map((a) => ({ rel: 'alternate' as const, hreflang: a.code, href: absoluteUrl(a.path) })),
            ...(defaultVersion ? [{ rel: 'alternate' as const, hreflang: 'x-default', href: absoluteUrl(defaultVersion.path) }] : []),
          ]
        : []),
      { rel: 'alternate' as const, type: 'application/rss+xml', title: `${site.name} blog`, href: '/blog/feed.xml' },
      ...(input.links ?? []),
    ],
    script: (input.jsonLd ?? []).map((data) => ({ type: 'application/ld+json', textContent: JSON.stringify(inLanguage(data)) })),
  });
}
