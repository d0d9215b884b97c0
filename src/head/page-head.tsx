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
import { absoluteUrl, site } from '@/site';
import { DEFAULT_CARD } from './social-card';

interface HeadInput {
  title: string;
  description: string;
  /** Site path of the page, e.g. `/garlic-powder`; null for the not-found page (no canonical). */
  path: string | null;
  keywords?: string[];
  /** Social image, a site path. */
  image?: string;
  /** What the social image shows (og:image:alt); the default card's text when `image` is not given. */
  imageAlt?: string;
  ogType?: string;
  noindex?: boolean;
  /** Structured data objects (schema.org), each written as its own JSON-LD script. */
  jsonLd?: object[];
  /** Extra `<link>` tags, e.g. the blog feed. */
  links?: { rel: 'alternate'; type: string; title: string; href: string }[];
}

/** Languages the site is published in; `x-default` points at the first. Add locales here. */
const LOCALES = ['en'] as const;

const DEFAULT_IMAGE = DEFAULT_CARD;
/** What the default card shows (its SVG source, public/images/social/default.svg, says the same). */
const DEFAULT_IMAGE_ALT = `${site.name}: Premium Garlic Exports from Bengaluru, India`;

/** The alt text of a page's own card (src/head/social-card.ts), which shows its title under the brand. */
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
  const image = absoluteUrl(input.image ?? DEFAULT_IMAGE);
  const imageAlt = input.image && input.image !== DEFAULT_IMAGE ? (input.imageAlt ?? input.title) : DEFAULT_IMAGE_ALT;
  useHead({
    title,
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
      { property: 'og:locale', content: site.locale },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: input.description },
      { name: 'twitter:image', content: image },
      { name: 'twitter:image:alt', content: imageAlt },
    ],
    link: [
      ...(url
        ? [
            { rel: 'canonical' as const, href: url },
            ...LOCALES.map((lang) => ({ rel: 'alternate' as const, hreflang: lang, href: url })),
            { rel: 'alternate' as const, hreflang: 'x-default', href: url },
          ]
        : []),
      { rel: 'alternate' as const, type: 'application/rss+xml', title: `${site.name} blog`, href: '/blog/feed.xml' },
      ...(input.links ?? []),
    ],
    script: (input.jsonLd ?? []).map((data) => ({ type: 'application/ld+json', textContent: JSON.stringify(data) })),
  });
}
