/** The URL allow-list for posts added in the browser. */
import { describe, expect, it } from 'vitest';
import { coverImage, imageProblem, isSitePath, safeHref, safeImageSrc } from './safe-url';
import { eachReturnsSame } from '../../../../tests/support/each-returns';

describe('safe-url', () => {
  it('accepts site paths', () => {
    expect(isSitePath('/blog/3?x=1#y')).toBe(true);
  });

  eachReturnsSame(
    'refuses a path a browser would send to another host: %j',
    isSitePath,
    ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', 'blog/3', '//not a host'],
    false,
  );

  it.each(['https://example.com', 'http://example.com/a', 'mailto:a@example.com', '/contact', '#fn-1'])(
    'safeHref allows http(s), mailto, site paths and anchors: %s',
    (url) => {
      expect(safeHref(url)).toBe(url);
    },
  );

  eachReturnsSame(
    'safeHref refuses everything else: %j',
    safeHref,
    ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', 'tel:+91', 'page.html', '', undefined],
    undefined,
  );

  it('trims the spaces around a URL', () => {
    expect(safeHref('  https://example.com/a ')).toBe('https://example.com/a');
    expect(safeHref(' /contact ')).toBe('/contact');
    expect(safeImageSrc('  https://cdn.example.com/a.png ')).toBe('https://cdn.example.com/a.png');
  });

  it.each(['/images/blog/post-1.svg', 'https://cdn.example.com/a.png'])('safeImageSrc allows site paths and https: %s', (url) => {
    expect(safeImageSrc(url)).toBe(url);
  });

  eachReturnsSame(
    'safeImageSrc refuses everything else: %s',
    safeImageSrc,
    ['http://cdn.example.com/a.png', 'data:image/png;base64,AAAA', 'javascript:x', '//cdn.example.com/a.png', 'images/a.png'],
    undefined,
  );

  it('coverImage falls back to the placeholder', () => {
    expect(coverImage('javascript:alert(1)')).toBe('/images/blog/placeholder.svg');
    expect(coverImage('/images/blog/post-2.svg')).toBe('/images/blog/post-2.svg');
  });

  it('imageProblem names an image address the pages would not show, and nothing for an allowed or empty one', () => {
    expect(imageProblem('javascript:alert(1)')).toBe(
      'Image path "javascript:alert(1)" is neither a path on this site (such as /images/blog/post-1.svg) nor an https:// address; the pages would show the placeholder instead.',
    );
    expect(imageProblem('//evil.example/a.png')).toMatch(/^Image path "\/\/evil\.example\/a\.png" is neither/);
    for (const allowed of ['', '  ', '/images/blog/post-1.svg', 'https://cdn.example.com/a.png']) expect(imageProblem(allowed)).toBeNull();
  });
});
