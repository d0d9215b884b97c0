/**
 * The typed schema of every content collection in `content/`.
 *
 * This module is isomorphic: the build-time loader (`load.ts`) validates files with it, and the
 * browser reuses the blog-post schema to check posts read back from storage. Messages are written
 * for editors: the loader prefixes them with the file and the field.
 */
import * as v from 'valibot';
import { isEmailAddress } from '../../shared/domain/email-address.ts';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, TITLE_MAX } from './snippet-limits.ts';

const text = (what = 'text') => v.pipe(v.string(`expected ${what}`), v.trim(), v.minLength(1, `expected ${what}`));

/** A real calendar date written YYYY-MM-DD (2025-02-31 is rejected, not rolled over). */
const isoDate = v.pipe(
  v.string('expected YYYY-MM-DD'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'),
  v.check((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'expected a real calendar date in the form YYYY-MM-DD'),
);

const internalPath = v.pipe(v.string('expected a path'), v.regex(/^\/[^\s]*$/, 'expected a site path starting with /'));
/** A photo editors put in content/photos/, by the address pages use. */
const photoAddress = v.pipe(
  v.string('expected a photo address'),
  v.regex(/^\/photos\/[^\s]+\.(?:jpe?g|png|webp|avif)$/i, 'expected a photo of content/photos/ by its address, such as /photos/harvest.jpg'),
);
const url = v.pipe(v.string('expected a URL'), v.url('expected an absolute URL such as https://example.com/'));
const slug = v.pipe(v.string('expected an id'), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected lower-case words joined by hyphens'));

// ---------------------------------------------------------------------------------------------
// Site config: content/site.yaml
// ---------------------------------------------------------------------------------------------
export const NavItem = v.object({ name: text('a link label'), href: internalPath });
export type NavItem = v.InferOutput<typeof NavItem>;

export const Language = v.strictObject({
  code: v.pipe(v.string('expected a language code'), v.regex(/^[a-z]{2}$/, 'expected a two-letter language code such as de')),
  /** The language's own name for itself, as the language switcher shows it (Deutsch, العربية). */
  name: text("the language's own name"),
  dir: v.picklist(['ltr', 'rtl'], 'expected ltr or rtl'),
  /** For og:locale, e.g. de_DE. */
  locale: v.pipe(v.string('expected a locale'), v.regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale such as de_DE')),
});
export type Language = v.InferOutput<typeof Language>;

export const SiteConfig = v.strictObject({
  name: text('the brand name'),
  legalName: text('the legal name'),
  url,
  /** The first is the default language, served without a prefix. */
  languages: v.pipe(
    v.array(Language, 'expected a list of { code, name, dir, locale }'),
    v.minLength(1, 'expected at least the default language'),
    v.check((list) => new Set(list.map((l) => l.code)).size === list.length, 'expected each language code once'),
  ),
  description: text('a one-sentence description of the company'),
  /** What the company offers as a service, in a few words (the export page's structured data). */
  serviceType: text('what the company offers as a service, in a few words'),
  foundingYear: v.pipe(v.number('expected a year'), v.integer('expected a year'), v.minValue(1900, 'expected a year after 1900')),
  address: v.strictObject({
    street: text('a street address'),
    locality: text('a city'),
    region: text('a state or region'),
    postalCode: text('a postal code'),
    country: text('a country'),
    countryCode: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'expected a two-letter ISO country code')),
  }),
  contact: v.strictObject({
    email: v.pipe(v.string('expected an e-mail address'), v.check(isEmailAddress, 'expected an e-mail address')),
    phone: v.pipe(v.string('expected a phone number'), v.regex(/^\+91[\d ]{10,14}$/, 'expected a phone number starting with +91')),
    whatsapp: v.pipe(v.string('expected a WhatsApp number'), v.regex(/^91\d{10}$/, 'expected digits only, country code 91 first, e.g. 919800000000')),
    whatsappMessage: text('the prefilled WhatsApp enquiry text'),
    chatGreeting: text('the prefilled chat greeting'),
    hours: text('office hours'),
  }),
  social: v.strictObject({ linkedin: url, instagram: url }),
  stats: v.pipe(
    v.array(v.strictObject({ value: text('a figure such as 12+'), label: text('a label') }), 'expected a list of stats'),
    v.length(4, 'expected exactly four stat tiles'),
  ),
  badges: v.pipe(v.array(text('a badge name'), 'expected a list of badges'), v.minLength(1, 'expected at least one badge')),
  makeInIndia: v.boolean('expected true or false'),
  products: v.pipe(
    v.array(text('a product name'), 'expected a list of product names'),
    v.minLength(1, 'expected at least one product'),
    v.check((names) => new Set(names).size === names.length, 'expected each product once'),
  ),
  navigation: v.strictObject({
    primary: v.array(NavItem, 'expected a list of { name, href }'),
    products: v.array(NavItem, 'expected a list of { name, href }'),
    company: v.array(NavItem, 'expected a list of { name, href }'),
    resources: v.array(NavItem, 'expected a list of { name, href }'),
    footerProducts: v.array(NavItem, 'expected a list of { name, href }'),
    legal: v.array(NavItem, 'expected a list of { name, href }'),
  }),
  copyright: text('the copyright line'),
});
export type SiteConfig = v.InferOutput<typeof SiteConfig>;

// ---------------------------------------------------------------------------------------------
// Page frontmatter: content/pages/**/*.mdx
// ---------------------------------------------------------------------------------------------
/** A title as search results show it, before the site adds " | Garlic Brothers". */
const pageTitle = (what: string) =>
  v.pipe(text(what), v.maxLength(TITLE_MAX, `expected a title of at most ${TITLE_MAX} characters (the site adds " | Garlic Brothers" after it)`));
const metaDescription = v.pipe(
  text('a description'),
  v.minLength(DESCRIPTION_MIN, `expected a description of at least ${DESCRIPTION_MIN} characters`),
  v.maxLength(DESCRIPTION_MAX, `expected a description of at most ${DESCRIPTION_MAX} characters`),
);

const STRUCTURED_DATA_KINDS = ['none', 'home', 'service', 'product', 'faq', 'local-business', 'blog', 'webpage'] as const;

const SpecRow = v.strictObject({
  parameter: text('a parameter name'),
  value: text('a value'),
  method: v.optional(text('a test method')),
});
export const Product = v.strictObject({
  name: text('the product name'),
  summary: text('a one-sentence summary'),
  form: text('the physical form, e.g. free-flowing powder'),
  specifications: v.pipe(
    v.array(v.strictObject({ group: text('a group name'), rows: v.pipe(v.array(SpecRow), v.minLength(1, 'expected at least one row')) })),
    v.minLength(1, 'expected at least one specification group'),
  ),
  packaging: v.pipe(v.array(text('a packaging option')), v.minLength(1, 'expected at least one packaging option')),
  moq: text('the minimum order quantity'),
  shelfLife: text('the shelf life'),
  storage: text('the storage conditions'),
  /** Written by the loader from content/facts.yaml in the page's language; a page does not type it (src/build/content/certifications.ts). */
  certifications: v.optional(v.array(text('a certification')), []),
});
export type Product = v.InferOutput<typeof Product>;

export const PageMeta = v.strictObject({
  title: pageTitle('a page title'),
  description: metaDescription,
  keywords: v.optional(v.array(text('a keyword'), 'expected a list of keywords'), []),
  image: v.optional(internalPath, '/images/social/default.png'),
  ogType: v.optional(v.picklist(['website', 'article', 'product', 'profile'], 'expected one of website, article, product, profile'), 'website'),
  noindex: v.optional(v.boolean('expected true or false'), false),
  structuredData: v.optional(v.picklist(STRUCTURED_DATA_KINDS, `expected one of ${STRUCTURED_DATA_KINDS.join(', ')}`), 'webpage'),
  breadcrumb: v.optional(text('a short breadcrumb label')),
  product: v.optional(Product),
  /** Free-form structured copy a page's components read (home sections, CTA variants, ...). */
  sections: v.optional(v.record(v.string(), v.unknown())),
  /** Published in English only (blog, careers, legal pages, portals): no translation is expected. */
  englishOnly: v.optional(v.boolean('expected true or false'), false),
  /** In a translation: the version of its English source it was translated from (written by `npm run i18n:mark`). */
  translatedFrom: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{12}$/, 'expected the 12-character hash `npm run i18n:mark` writes'))),
});
export type PageMetaInput = v.InferInput<typeof PageMeta>;
/** A version of a page in one language. */
export interface Alternate {
  code: string;
  path: string;
}
/**
 * A page's metadata as pages receive it: `path` is null for the not-found page, which has no
 * address of its own; `locale` is its language's code and `alternates` its versions in every
 * language it is published in, itself included.
 */
export type PageMeta = v.InferOutput<typeof PageMeta> & { path: string | null; locale?: string; alternates?: Alternate[] };

// ---------------------------------------------------------------------------------------------
// FAQ entries: content/faq/<id>.md (frontmatter + the answer as the body)
// ---------------------------------------------------------------------------------------------
export const FAQ_CATEGORIES = ['products', 'shipping', 'quality', 'pricing', 'partnership', 'technical'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FaqFrontmatter = v.strictObject({
  id: slug,
  category: v.picklist(FAQ_CATEGORIES, `expected one of ${FAQ_CATEGORIES.join(', ')}`),
  // The Arabic question mark (؟) ends a question in Arabic.
  question: v.pipe(
    text('a question'),
    v.check((q) => /[?؟]$/.test(q), 'expected a question ending with "?"'),
  ),
  tags: v.pipe(v.array(text('a tag'), 'expected a list of tags'), v.minLength(1, 'expected at least one tag')),
  order: v.optional(v.pipe(v.number('expected a number'), v.integer('expected a whole number'))),
  translatedFrom: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{12}$/, 'expected the 12-character hash `npm run i18n:mark` writes'))),
});
export interface FaqEntry extends v.InferOutput<typeof FaqFrontmatter> {
  /** The answer, plain text; blank lines separate paragraphs. */
  answer: string;
}

// ---------------------------------------------------------------------------------------------
// Blog posts: content/blog/<id>-<slug>.mdx (the MDX body is the content)
// ---------------------------------------------------------------------------------------------
export const BlogFrontmatter = v.strictObject({
  id: v.pipe(v.number('expected a whole number'), v.integer('expected a whole number'), v.minValue(1, 'expected a number from 1 up')),
  title: pageTitle('a title'),
  excerpt: v.pipe(text('an excerpt'), v.maxLength(300, 'expected an excerpt of at most 300 characters')),
  /** The meta description; required when the excerpt is too long or too short to be one (load.ts checks). */
  description: v.optional(metaDescription),
  category: slug,
  author: text('an author'),
  date: isoDate,
  readTime: v.pipe(v.string('expected a read time'), v.regex(/^\d+ min read$/, 'expected a read time such as "6 min read"')),
  image: internalPath,
  /** A photo of content/photos/ shown as the post's cover (instead of `image`), its card's picture and its feed item's. */
  cover: v.optional(photoAddress),
  /** The cover's text alternative: required with a cover (photo-check.ts says so, naming the file). */
  coverAlt: v.optional(text('alternative text')),
  tags: v.array(text('a tag'), 'expected a list of tags'),
  featured: v.optional(v.boolean('expected true or false'), false),
});
export type BlogPostMeta = v.InferOutput<typeof BlogFrontmatter>;

// ---------------------------------------------------------------------------------------------
// Home page sections: the `sections` block of content/pages/index.mdx
// ---------------------------------------------------------------------------------------------
const Link = v.strictObject({ label: text('a link label'), href: internalPath });
const Image = v.strictObject({
  src: internalPath,
  alt: text('alternative text'),
  width: v.pipe(v.number('expected a width in pixels'), v.integer(), v.minValue(1)),
  height: v.pipe(v.number('expected a height in pixels'), v.integer(), v.minValue(1)),
});
const CtaVariant = v.strictObject({ heading: text('a heading'), button: text('a button label') });

export const HomeSections = v.strictObject({
  hero: v.strictObject({
    heading: text('a heading'),
    tagline: text('a tagline'),
    intro: text('an introduction'),
    cta: Link,
    secondary: Link,
    image: Image,
  }),
  about: v.strictObject({ heading: text('a heading'), body: text('body text'), links: v.array(Link) }),
  advantages: v.strictObject({
    heading: text('a heading'),
    intro: text('an introduction'),
    items: v.pipe(v.array(v.strictObject({ title: text('a title'), body: text('body text') })), v.length(4, 'expected exactly four advantages')),
  }),
  products: v.strictObject({
    heading: text('a heading'),
    intro: text('an introduction'),
    items: v.array(v.strictObject({ name: text('a product name'), href: internalPath, summary: text('a summary'), image: internalPath })),
    link: Link,
  }),
  cta: v.strictObject({
    body: text('body text'),
    variants: v.strictObject({ control: CtaVariant, punchy: CtaVariant }),
    href: internalPath,
    secondary: Link,
  }),
});
export type HomeSections = v.InferOutput<typeof HomeSections>;

// ---------------------------------------------------------------------------------------------
// Investor portal: content/investors/portal.md (frontmatter only). The site's server reads it and
// answers it only to a signed-in investor; the browser imports the type alone, never the file.
// ---------------------------------------------------------------------------------------------
const PortalItem = v.strictObject({ title: text('a title'), text: text('a sentence or two') });
const portalList = <S extends v.GenericSchema>(item: S, what: string) =>
  v.pipe(v.array(item, `expected a list of ${what}`), v.minLength(1, `expected at least one of the ${what}`));

export const InvestorPortal = v.strictObject({
  highlights: portalList(PortalItem, 'business plan highlights'),
  useOfFunds: v.strictObject({
    intro: text('an introduction'),
    items: portalList(PortalItem, 'areas the funds go to'),
  }),
  documents: v.strictObject({
    items: portalList(v.strictObject({ title: text('a title'), href: internalPath, text: text('a sentence or two') }), 'documents'),
    /** Shown under the documents: what is shared only in due diligence. */
    note: text('a note'),
  }),
});
export type InvestorPortal = v.InferOutput<typeof InvestorPortal>;

// ---------------------------------------------------------------------------------------------
// Glossary: content/glossary/<code>.yaml, the one term per concept in each language
// ---------------------------------------------------------------------------------------------
/** A regular expression an editor writes as text; refused here if it does not compile. */
const pattern = v.pipe(
  text('a regular expression'),
  v.check((source) => {
    try {
      return new RegExp(source, 'u') instanceof RegExp;
    } catch {
      return false;
    }
  }, 'expected a valid regular expression'),
);

export const GlossaryTerm = v.pipe(
  v.strictObject({
    /** The term to use, as the check prints it after "use". */
    term: text('the term to use'),
    /** What the term names, for the editor reading the glossary (the English concept). */
    concept: v.optional(text('the concept the term names')),
    /** Exact spellings that must not appear; matched with their case, as whole words unless `partOfWord`. */
    variants: v.optional(v.array(text('a variant'), 'expected a list of variants'), []),
    /** Regular expressions for forms no list can hold (typography such as "5%"); matched with their case. */
    patterns: v.optional(v.array(pattern, 'expected a list of regular expressions'), []),
    /** Also find variants inside longer words: Arabic writes "and", "the" and prepositions onto the word. */
    partOfWord: v.optional(v.boolean('expected true or false'), false),
  }),
  v.check((entry) => entry.variants.length + entry.patterns.length > 0, 'expected at least one variant or pattern'),
  v.check((entry) => !entry.variants.includes(entry.term), 'expected the term itself not to be listed as a variant'),
);
export type GlossaryTerm = v.InferOutput<typeof GlossaryTerm>;

export const Glossary = v.strictObject({
  terms: v.pipe(v.array(GlossaryTerm, 'expected a list of { term, variants }'), v.minLength(1, 'expected at least one term')),
});
export type Glossary = v.InferOutput<typeof Glossary>;
