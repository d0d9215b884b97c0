/**
 * The pages most visitors land on, which must arrive whole in the first round trip of a new
 * connection: the home page in every language, the blog and its first post, and each product's
 * page in every language that has it. Read from the content, so a new product or language joins.
 */
import type { Content } from '../../../src/content/load';

export function landingPages(content: Content): string[] {
  const navigation = content.site.navigation;
  const products = [...new Set([...navigation.products, ...navigation.footerProducts].map((link) => link.href))].filter((href) => href !== '/products');
  const translated = content.translations.flatMap(({ language, pages }) => {
    const paths = new Set(pages.map((page) => page.path));
    return [`/${language.code}/`, ...products.map((href) => `/${language.code}${href}`).filter((path) => paths.has(path))];
  });
  return ['/', '/blog', '/blog/1', ...products, ...translated];
}

/**
 * Landing pages whose gzip form does not yet fit the first round trip, with the build's zopfli, the
 * stylesheet less its unused rules and the print sheet linked instead of inlined: the Arabic home
 * page (about 1 kB over with the headers) and the aged garlic extract's Arabic page (under 0.1 kB
 * over). Arabic letters take two bytes each, and these pages carry the right-to-left and Arabic
 * sheets, the home page its illustration and the A/B script. With brotli, which every current
 * browser asks for, they fit, and over gzip too what their first paint waits for arrives in the
 * first round trip (first-paint.test.ts); a client that takes gzip only waits one more round trip
 * for their rest. The tests hold every other landing page to the first round trip with gzip alone.
 */
export const OVER_WITH_GZIP_ALONE: ReadonlySet<string> = new Set(['/ar/', '/ar/aged-garlic-extract']);
