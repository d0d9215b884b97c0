/**
 * The pages most visitors land on, which must arrive whole in the first round trip of a new
 * connection, as brotli and as gzip alone (an older client, or a host without brotli): the home
 * page in every language, the blog and its first post, and each product's page in every language
 * that has it. Read from the content, so a new product or language joins.
 */
import type { Content } from '../../../src/build/content/load';

export function landingPages(content: Content): string[] {
  const navigation = content.site.navigation;
  const products = [...new Set([...navigation.products, ...navigation.footerProducts].map((link) => link.href))].filter((href) => href !== '/products');
  const translated = content.translations.flatMap(({ language, pages }) => {
    const paths = new Set(pages.map((page) => page.path));
    return [`/${language.code}/`, ...products.map((href) => `/${language.code}${href}`).filter((path) => paths.has(path))];
  });
  return ['/', '/blog', '/blog/1', ...products, ...translated];
}
