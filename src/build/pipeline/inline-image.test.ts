/**
 * The first screen's images go into the page as inline SVG when they are the site's
 * illustrations, and say what the <img> said: its box, its classes and its text alternative.
 */
import { describe, expect, it } from 'vitest';
import { inlineFirstScreenImages } from './inline-image';

const DRAWING = `<?xml version="1.0"?>
<!-- a garlic bulb in front of a field -->
<svg xmlns="http://www.w3.org/2000/svg" width="720" height="560" viewBox="0 0 720 560" role="img">
<title>The drawing's own caption</title>
<defs>
  <g id="hb"><path d="M0 0h10"/></g>
  <clipPath id="clip"><circle r="5"/></clipPath>
</defs>
<g clip-path="url(#clip)"><use href="#hb"/></g>
</svg>
`;

const files: Record<string, string> = { '/images/hero/harvest.svg': DRAWING };
const readAsset = (sitePath: string) => {
  if (!(sitePath in files)) throw new Error(`ENOENT: ${sitePath}`);
  return files[sitePath];
};

const page = (img: string) =>
  `<html><head></head><body><link rel="preload" as="image" href="/images/hero/harvest.svg" fetchPriority="high"/><main>${img}<p>Text</p></main></body></html>`;

describe('inlineFirstScreenImages', () => {
  it('puts a local SVG marked as the largest paint in the page, with its box, classes and alt as its name', () => {
    const html = inlineFirstScreenImages(
      page(
        '<img src="/images/hero/harvest.svg" alt="Garlic bulbs &amp; cloves" width="720" height="560" loading="eager" decoding="async" fetchPriority="high" class="hero-image"/>',
      ),
      readAsset,
    );
    expect(html).toBe(
      '<html><head></head><body><main>' +
        '<svg width="720" height="560" viewBox="0 0 720 560" class="hero-image inline-image" role="img" aria-label="Garlic bulbs &amp; cloves">' +
        '<defs><g id="harvest-hb"><path d="M0 0h10"/></g><clipPath id="harvest-clip"><circle r="5"/></clipPath></defs>' +
        '<g clip-path="url(#harvest-clip)"><use xlink:href="#harvest-hb"/></g></svg>' +
        '<p>Text</p></main></body></html>',
    );
  });

  it('hides a decorative one (empty alt) from assistive technology', () => {
    const html = inlineFirstScreenImages(
      page('<img src="/images/hero/harvest.svg" alt="" width="1200" height="630" fetchPriority="high" class="post-cover"/>'),
      readAsset,
    );
    expect(html).toContain('<svg width="1200" height="630" viewBox="0 0 720 560" class="post-cover inline-image" aria-hidden="true">');
    expect(html).not.toMatch(/<img|<title>|role=|rel="preload"/);
  });

  it('leaves every other image as it is: lazy ones, photos, other hosts and missing files', () => {
    const untouched = [
      '<img src="/images/hero/harvest.svg" alt="" width="720" height="560" loading="lazy"/>',
      '<img src="/images/hero/harvest.jpg" alt="" width="720" height="560" fetchPriority="high"/>',
      '<img src="https://cdn.example/images/a.svg" alt="" width="720" height="560" fetchPriority="high"/>',
      '<img src="/images/../secret.svg" alt="" width="720" height="560" fetchPriority="high"/>',
      '<img src="/images/blog/missing.svg" alt="" width="720" height="560" fetchPriority="high"/>',
      '<img src="/images/hero/harvest.svg" alt="" fetchPriority="high"/>',
    ];
    for (const img of untouched) expect(inlineFirstScreenImages(page(img), readAsset), img).toBe(page(img));
  });

  it('names the file when an image marked priority is not an SVG document', () => {
    const broken = (sitePath: string) => (sitePath === '/images/hero/broken.svg' ? '<html>not a drawing</html>' : readAsset(sitePath));
    const img = '<img src="/images/hero/broken.svg" alt="" width="720" height="560" fetchPriority="high"/>';
    expect(() => inlineFirstScreenImages(page(img), broken)).toThrow('public/images/hero/broken.svg, an image marked priority: not an <svg> document');
  });

  it('inlines every first-screen image, ids unique even for a drawing shown twice, and keeps the preload of one left as it is', () => {
    const img = '<img src="/images/hero/harvest.svg" alt="" width="720" height="560" fetchPriority="high"/>';
    const photo = '<img src="/images/hero/field.jpg" alt="" width="720" height="560" fetchPriority="high"/>';
    const html = inlineFirstScreenImages(
      `<link rel="preload" as="image" href="/images/hero/field.jpg" fetchPriority="high"/>${page(img + img + photo)}`,
      readAsset,
    );
    expect(html.match(/<svg/g)).toHaveLength(2);
    expect(html).toContain('id="harvest-hb"');
    expect(html).toContain('id="harvest-2-hb"');
    expect(html).toContain('xlink:href="#harvest-2-hb"');
    expect(html).toContain(photo);
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="preload" as="image" href="/images/hero/field.jpg"');
  });
});
