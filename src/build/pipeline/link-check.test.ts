import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtAt, devPageAt, LinkCheck } from './link-check';

/** A build with a home page, /about, /blog/1, a feed and an image. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-links-'));
for (const file of ['index.html', 'about/index.html', 'blog/1/index.html', 'rss.xml', 'images/hero.svg']) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), '<!doctype html>');
}
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const SOURCES: Record<string, string> = { '/about': 'content/pages/about.mdx', '/de/about': 'content/de/pages/about.mdx' };
const problemsOf = (pages: Record<string, string>) => {
  const links = new LinkCheck('https://garlicbrothers.example');
  for (const [urlPath, html] of Object.entries(pages)) links.add(urlPath, html);
  return links.problems(
    (address) => builtAt(dist, address),
    (urlPath) => SOURCES[urlPath],
  );
};

describe('the links of a build', () => {
  it('pass when each leads to a page or file, with or without a trailing slash, a query or a fragment', () => {
    const html =
      '<a href="/">Home</a> <a class="x" href="/about/">About</a> <a href="/about#team">Team</a> <a href="/blog/1?ref=menu">Post</a>' +
      '<a href="/rss.xml">Feed</a> <img alt="" src="/images/hero.svg"> <a data-href="/nowhere" href="#main">Skip</a> <a href="https://example.com/nope">Elsewhere</a> <a href="//cdn.example/x">CDN</a> <a href="mailto:sales@example.com">Mail</a>';
    expect(problemsOf({ '/about': html })).toEqual([]);
  });

  it('name the page, its content file and the address of a link that leads nowhere, a mistyped case too', () => {
    expect(problemsOf({ '/about': '<p>See <a href="/garlic-powdr#specs">our powder</a>.</p>', '/de/about': '<a href="/About">Über uns</a>' })).toEqual([
      'content/pages/about.mdx (/about): link: expected a page or file of this site, got "/garlic-powdr"',
      'content/de/pages/about.mdx (/de/about): link: expected a page or file of this site, got "/About"',
    ]);
  });

  it("check a link written with the site's own address as one written from the root, and no other site's", () => {
    expect(
      problemsOf({
        '/about':
          '<a href="https://garlicbrothers.example">Home</a> <a href="https://garlicbrothers.example/about#team">Team</a> ' +
          '<a href="https://garlicbrothers.example/garlic-powdr">Powder</a> <a href="https://garlicbrothers.example.net/nope">Another site</a>',
      }),
    ).toEqual(['content/pages/about.mdx (/about): link: expected a page or file of this site, got "https://garlicbrothers.example/garlic-powdr"']);
  });

  it('name an image whose file the build does not have', () => {
    expect(problemsOf({ '/about': '<figure><img src="/images/gallery/harvst.svg" alt="The harvest" width="800" height="600"></figure>' })).toEqual([
      'content/pages/about.mdx (/about): image: expected a file of this site, got "/images/gallery/harvst.svg"',
    ]);
  });

  it('list a few of the pages that share a broken link and count the rest, and name a page without a content file by its address', () => {
    const menu = '<nav><a href="/partners">Partners</a></nav>';
    expect(problemsOf({ '/blog': menu, '/about': menu, '/de/about': menu, '/contact': menu, '/faq': menu })).toEqual([
      '/blog, content/pages/about.mdx (/about), content/de/pages/about.mdx (/de/about) and 2 other pages: link: expected a page or file of this site, got "/partners"',
    ]);
  });

  it('never reach outside the build, and take an address that does not decode as leading nowhere', () => {
    expect(builtAt(dist, '/../' + path.basename(dist) + '/about')).toBe(true);
    expect(builtAt(dist, '/../../etc/passwd')).toBe(false);
    expect(problemsOf({ '/about': '<a href="/%E0%A4%A">Broken</a>' })).toEqual([
      'content/pages/about.mdx (/about): link: expected a page or file of this site, got "/%E0%A4%A"',
    ]);
  });
});

describe("the links of a dev server's page", () => {
  it('lead to a page the pre-render writes, with or without a trailing slash; a file counts as there, as the build checks files', () => {
    const links = new LinkCheck('https://garlicbrothers.example');
    links.add(
      '/about',
      '<a href="/contact/">Contact</a> <a href="/garlic-powdr">Powder</a> <a href="/blog/feed.xml">Feed</a> <img alt="" src="/images/nowhere.svg">',
    );
    expect(links.problems(devPageAt(['/', '/about', '/contact']), (urlPath) => SOURCES[urlPath])).toEqual([
      'content/pages/about.mdx (/about): link: expected a page or file of this site, got "/garlic-powdr"',
    ]);
  });
});
