/**
 * The trail from the home page to a route, used by the visible breadcrumbs and by the
 * BreadcrumbList JSON-LD. Parent sections are the one label map; each page's own label is the
 * `breadcrumb` of its frontmatter.
 */
import { DEFAULT_LANGUAGE, defaultPathOf, languageOf } from '@/shared/i18n/languages';
import { localHref, navLabel, stringsFor } from '@/ui/i18n/ui';
import type { Crumb } from './structured-data';

const HOME: Crumb = { name: 'Home', path: '/' };

/**
 * Routes whose pages sit under a section page. The portals' login pages are not under their
 * portal: a signed-out visitor following 'Admin' or 'Investors' is sent straight back to the
 * login page, so that crumb would lead nowhere.
 */
const PARENTS: { test: RegExp; parent: Crumb }[] = [
  { test: /^\/region\//, parent: { name: 'Global Markets', path: '/markets' } },
  { test: /^\/(garlic-powder|garlic-granules|garlic-flakes|garlic-oil|aged-garlic-extract)$/, parent: { name: 'Products', path: '/products' } },
  { test: /^\/blog\/.+/, parent: { name: 'Blog', path: '/blog' } },
  { test: /^\/investors\/(?!login$).+/, parent: { name: 'Investors', path: '/investors' } },
  { test: /^\/admin\/(?!login$).+/, parent: { name: 'Admin', path: '/admin' } },
];

/** The trail to `path` (in any language: /de/garlic-powder's trail is in German and leads to German pages where there are some). */
export function breadcrumbTrail(path: string, label: string): Crumb[] {
  const { code } = languageOf(path);
  const inLanguage = (crumb: Crumb): Crumb =>
    code === DEFAULT_LANGUAGE.code
      ? crumb
      : {
          name: crumb === HOME ? stringsFor(code).shell.home : navLabel(code, { name: crumb.name, href: crumb.path }),
          path: localHref(code, crumb.path).href,
        };
  const base = defaultPathOf(path);
  if (base === '/') return [inLanguage(HOME)];
  const parent = PARENTS.find((p) => p.test.test(base))?.parent;
  return [inLanguage(HOME), ...(parent ? [inLanguage(parent)] : []), { name: label, path }];
}
