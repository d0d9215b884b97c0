/**
 * Typed schema.org builders. Only the head helper writes them into the page (as JSON-LD); pages
 * choose a kind in their frontmatter (`structuredData`) and these turn the content into data.
 */
import { postDescription } from '@/build/content/snippet-limits';
import type { BlogPostMeta, FaqEntry, PageMeta, Product } from '@/build/content/schema';
import type { SiteTextKey } from '@/build/content/translations';
import { phoneWithoutSpaces } from '@/shared/contact-links';
import { DEFAULT_LANGUAGE, defaultPathOf, languageOf } from '@/shared/i18n/languages';
import { absoluteUrl, site } from '@/shared/site';
import { siteText } from '@/ui/i18n/ui';
import { defaultCard } from './social-card';

type Thing = Record<string, unknown> & { '@type': string };
/** A page that has an address (every page but the not-found one). */
type RoutedMeta = PageMeta & { path: string };
const CONTEXT = 'https://schema.org';
const orgId = () => `${site.url}/#organization`;

function postalAddress(): Thing {
  const a = site.address;
  return {
    '@type': 'PostalAddress',
    streetAddress: a.street,
    addressLocality: a.locality,
    addressRegion: a.region,
    postalCode: a.postalCode,
    addressCountry: a.countryCode,
  };
}

/** The company's words in the page's language (the head adds `inLanguage`; its text must be in it). */
const siteTextOf = (meta: RoutedMeta, key: SiteTextKey) => siteText(languageOf(meta.path).code, key);

function organization(meta: RoutedMeta): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': orgId(),
    name: site.name,
    legalName: site.legalName,
    url: site.url,
    // A raster square: search engines ignore SVG logos and want at least 112x112 (scripts/render-social-cards.ts draws it).
    logo: absoluteUrl('/images/logo-512.png'),
    description: siteTextOf(meta, 'description'),
    foundingDate: String(site.foundingYear),
    address: postalAddress(),
    email: site.contact.email,
    telephone: phoneWithoutSpaces(),
    sameAs: [site.social.linkedin, site.social.instagram],
  };
}

function website(): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${site.url}/#website`,
    name: site.name,
    url: site.url,
    publisher: { '@id': orgId() },
    inLanguage: 'en',
  };
}

/** The business on its contact page in the page's language (one `@id` for every language's). */
function localBusiness(meta: RoutedMeta): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'LocalBusiness',
    '@id': `${site.url}/#business`,
    name: site.name,
    url: absoluteUrl(meta.path),
    image: absoluteUrl(defaultCard(languageOf(meta.path).code, DEFAULT_LANGUAGE.code)),
    email: site.contact.email,
    telephone: phoneWithoutSpaces(),
    address: postalAddress(),
    parentOrganization: { '@id': orgId() },
  };
}

function service(meta: RoutedMeta): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: meta.title,
    serviceType: siteTextOf(meta, 'serviceType'),
    description: meta.description,
    url: absoluteUrl(meta.path),
    provider: { '@id': orgId(), '@type': 'Organization', name: site.name },
    areaServed: 'Worldwide',
  };
}

function product(meta: RoutedMeta, p: Product): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: p.name,
    description: p.summary,
    url: absoluteUrl(meta.path),
    // One picture of the product for every language: it is named by the English page's path.
    image: absoluteUrl(`/images/products${defaultPathOf(meta.path)}.svg`),
    brand: { '@type': 'Brand', name: site.name },
    manufacturer: { '@id': orgId(), '@type': 'Organization', name: site.name },
    additionalProperty: p.specifications.flatMap((group) =>
      group.rows.map((row) => ({
        '@type': 'PropertyValue',
        name: `${group.group}: ${row.parameter}`,
        value: row.value,
        ...(row.method ? { measurementTechnique: row.method } : {}),
      })),
    ),
  };
}

export function faqPage(entries: FaqEntry[]): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: entries.map((e) => ({ '@type': 'Question', name: e.question, acceptedAnswer: { '@type': 'Answer', text: e.answer } })),
  };
}

/** The blog list's data names at most the first 10 posts. */
export function blog(posts: BlogPostMeta[]): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Blog',
    name: `${site.name} Insights & News`,
    url: absoluteUrl('/blog'),
    publisher: { '@id': orgId() },
    blogPost: posts
      .slice(0, 10)
      .map((post) => ({ '@type': 'BlogPosting', headline: post.title, url: absoluteUrl(`/blog/${post.id}`), datePublished: post.date })),
  };
}

export function blogPosting(post: BlogPostMeta): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    headline: post.title,
    // The page's own description (the head's), so the page does not carry a second summary.
    description: postDescription(post),
    // A cover on another host (https) is already absolute; a site path is made so.
    image: /^https:\/\//i.test(post.image) ? post.image : absoluteUrl(post.image),
    datePublished: post.date,
    author: { '@type': 'Organization', name: post.author },
    publisher: { '@id': orgId(), '@type': 'Organization', name: site.name },
    mainEntityOfPage: absoluteUrl(`/blog/${post.id}`),
    keywords: post.tags.join(', '),
  };
}

function webPage(meta: RoutedMeta): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'WebPage',
    name: meta.title,
    description: meta.description,
    url: absoluteUrl(meta.path),
    isPartOf: { '@id': `${site.url}/#website` },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbList(crumbs: Crumb[]): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(crumb.path) })),
  };
}

/** The page's own structured data by its frontmatter kind (FAQ and blog lists add theirs in place). */
export function structuredDataFor(page: PageMeta): Thing[] {
  if (page.path === null) return [];
  const meta: RoutedMeta = { ...page, path: page.path };
  switch (meta.structuredData) {
    case 'home':
      return [organization(meta), website()];
    case 'service':
      return [service(meta)];
    case 'product':
      return meta.product ? [product(meta, meta.product)] : [];
    case 'local-business':
      return [localBusiness(meta)];
    case 'webpage':
      return [webPage(meta)];
    default:
      return [];
  }
}
