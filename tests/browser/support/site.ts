/**
 * What the tests expect of the site, read from content/ through the same loader the build uses:
 * the routes, the counts and the navigation. Nothing here is written out by hand, so an editor who
 * adds an FAQ entry, a post or a menu link changes the expectations with the content.
 *
 * The content is that of the project copy the global setup built the test site from: the real
 * content/ with one more FAQ entry, post and menu link (support/content-copy.ts). So every browser
 * test file that reads it (SEO, header and foundation among them) runs on content that differs
 * from the real one by an editor's everyday change, and still covers every real page and post.
 * content-follows.test.ts checks the additions themselves. The server-mode build
 * (support/server-build.ts) is made from the real content/, which its server reads too: the
 * server-mode files take nothing from here but the site's name, which the copy shares.
 */
import { inject } from 'vitest';
import { loadContent, type Content } from '../../../src/build/content/load';

export interface ExpectedRoute {
  path: string;
  title: string;
}

type Link = { name: string; href: string };
const pair = ({ name, href }: Link): [string, string] => [name, href];
const hrefOf = ({ href }: Link) => href;

/** The expectations that follow from a project's content (the extended copy's below; the real one's too in content-follows.test.ts). */
export function expectationsOf(content: Content) {
  const nav = content.site.navigation;
  const pageRoutes: ExpectedRoute[] = content.pages.flatMap((p) => (p.path ? [{ path: p.path, title: p.meta.title }] : []));
  /** The translated pages, at their addresses in their languages (/de/about). */
  const translatedRoutes: ExpectedRoute[] = content.translations.flatMap((t) =>
    t.pages.flatMap((p) => (p.path ? [{ path: p.path, title: p.meta.title }] : [])),
  );
  const postRoutes: ExpectedRoute[] = content.blog.map((p) => ({ path: `/blog/${p.meta.id}`, title: p.meta.title }));
  const faqCount = content.faq.length;
  return {
    pageRoutes,
    translatedRoutes,
    postRoutes,
    allRoutes: [...pageRoutes, ...translatedRoutes, ...postRoutes],
    faqCount,
    /** The FAQ's result line with every entry shown. */
    faqCountText: `${faqCount} questions`,
    /** ...and with `shown` of them matching a filter or search. */
    faqMatchText: (shown: number) => `${shown} of ${faqCount} questions match`,
    postCount: content.blog.length,
    /** The header's primary links, [name, href], in order. */
    primaryLinks: nav.primary.map(pair),
    /** The Products dropdown's links, [name, href], in order. */
    productLinks: nav.products.map(pair),
    companyLinks: nav.company.map(pair),
    resourceHrefs: nav.resources.map(hrefOf),
    /** Every link of the More dropdown, in order. */
    moreHrefs: [...nav.company, ...nav.resources].map(hrefOf),
    /**
     * The mobile menu's Tab order after its close button on the home page: the primary links, each
     * product under Products (its overview is Products itself), More, the portal buttons, and the
     * home page in each language.
     */
    mobileLap: [
      ...nav.primary.flatMap((item) => [
        item.name,
        ...(item.href === '/products' ? nav.products.filter((p) => p.href !== '/products').map((p) => p.name) : []),
      ]),
      'More',
      'Search',
      'Investor Portal',
      'Login',
      // The same page in each language (every language has the home page).
      ...content.site.languages.map((language) => language.name),
    ],
    /** The footer's quick links: the primary links but Home, the company and the resources. */
    footerQuickHrefs: [...nav.primary.filter((item) => item.href !== '/'), ...nav.company, ...nav.resources].map(hrefOf),
    footerProductLinks: nav.footerProducts.map(pair),
  };
}

/** The root of the project copy the test site was built from (global-setup.ts); its content/ is the one below. */
export const CONTENT_ROOT = inject('contentRoot');
export const content = loadContent(CONTENT_ROOT);
export const SITE_NAME = content.site.name;
export const expected = expectationsOf(content);
export const { pageRoutes, translatedRoutes, postRoutes, allRoutes } = expected;

const textOf = (fragment: string) =>
  fragment
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();

/** The links of the `<nav>` named `name` (by aria-label or by the element aria-labelledby points at) in pre-rendered HTML, [text, href], in order. */
export function navLinksInHtml(html: string, name: string): [string, string][] {
  const named = [...html.matchAll(/<nav([^>]*)>(.*?)<\/nav>/gs)].find(([, attributes]) => {
    const label = attributes.match(/aria-label="([^"]*)"/)?.[1];
    const labelledBy = attributes.match(/aria-labelledby="([^"]*)"/)?.[1];
    const labelling = labelledBy && html.match(new RegExp(`<(\\w+)[^>]*id="${labelledBy}"[^>]*>(.*?)</\\1>`, 's'))?.[2];
    return (label ?? (labelling ? textOf(labelling) : '')) === name;
  });
  if (!named) throw new Error(`No <nav> named "${name}" in the page`);
  return [...named[2].matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs)].map((m) => [textOf(m[2]), m[1]]);
}
