/**
 * Every link and image of the build to an address on the site leads to a page or file the build
 * has. A link an editor mistyped (`[our powder](/garlic-powdr)`, `/About` for `/about`, a menu entry
 * in content/site.yaml) or an image's wrong path would otherwise reach visitors as a not-found page
 * or a broken picture, since no host answers it and no check of the sources can tell which addresses
 * the build will have. The site's addresses are the root-relative ones of `<a href>` and `<img src>`,
 * and those written in full with the site's own URL; other sites, `mailto:` and fragments are not
 * checked.
 */
import fs from 'node:fs';
import path from 'node:path';

/** More pages than this linking to one address are counted, not listed (a menu's or the footer's link is on every page). */
const LISTED_PAGES = 3;

export class LinkCheck {
  /** `siteUrl`: the site's address (`https://garlicbrothers.example`), which a link may also be written with. */
  constructor(private readonly siteUrl: string) {}

  /** Each link's and image's address (its path, without query or fragment), and the pages that show it. */
  private readonly linked = new Map<string, { field: 'link' | 'image'; address: string; pages: Set<string> }>();

  /** Notes the links and images of one page (`urlPath`: where it is served). */
  add(urlPath: string, html: string): void {
    for (const [, element, value] of html.matchAll(/<(a|img)(?=\s)[^>]*?\s(?:href|src)="([^"]*)"/g)) {
      const own = value.startsWith(`${this.siteUrl}/`) || value === this.siteUrl;
      if (!own && !/^\/(?!\/)/.test(value)) continue;
      const field = element === 'a' ? 'link' : 'image';
      const address = value.replace(/[?#].*$/s, '');
      const key = `${field} ${address}`;
      const entry = this.linked.get(key) ?? { field, address, pages: new Set<string>() };
      // A set: a menu's or the footer's link is on every page, where a list's look-up would grow with the page count.
      entry.pages.add(urlPath);
      this.linked.set(key, entry);
    }
  }

  /**
   * One line for each address that leads nowhere (`exists` says whether the build has a page or file
   * there), naming the pages that show it with their source files (`sourceOf`) where there is one.
   */
  problems(exists: (address: string) => boolean, sourceOf: (urlPath: string) => string | undefined): string[] {
    const named = (urlPath: string) => {
      const source = sourceOf(urlPath);
      return source ? `${source} (${urlPath})` : urlPath;
    };
    const problems: string[] = [];
    for (const { field, address, pages: shown } of this.linked.values()) {
      const sitePath = address.startsWith(this.siteUrl) ? address.slice(this.siteUrl.length) || '/' : address;
      let decoded: string;
      try {
        decoded = decodeURIComponent(sitePath);
      } catch {
        decoded = '';
      }
      if (decoded && exists(decoded)) continue;
      const pages = [...shown];
      const where =
        pages.length <= LISTED_PAGES
          ? pages.map(named).join(', ')
          : `${pages.slice(0, LISTED_PAGES).map(named).join(', ')} and ${pages.length - LISTED_PAGES} other pages`;
      problems.push(`${where}: ${field}: expected a ${field === 'link' ? 'page or file' : 'file'} of this site, got "${address}"`);
    }
    return problems;
  }
}

/** Whether the build in `dist` answers `address` (a decoded site path) as a host does: with the file, or its folder's index.html. */
export function builtAt(dist: string, address: string): boolean {
  const file = path.join(dist, address);
  if (!file.startsWith(dist + path.sep)) return false;
  const isFile = (candidate: string) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
  return isFile(file) || isFile(path.join(file, 'index.html'));
}

/**
 * What the dev server, which has no build to look in, can tell of an address: whether a page is
 * there (`pagePaths`: every path the pre-render writes). An address with a file's extension counts
 * as there: some files exist only once built (the feed, the sitemap, the social cards, a photo's
 * variants), and the build checks them all.
 */
export function devPageAt(pagePaths: Iterable<string>): (address: string) => boolean {
  const pages = new Set(pagePaths);
  return (address) => /\.[a-z0-9]+$/i.test(address) || pages.has(address.replace(/(.)\/+$/, '$1'));
}
