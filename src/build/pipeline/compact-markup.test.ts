/** Shorter markup that shows and links the same: letters in links as themselves, React's text separators gone outside islands. */
import { describe, expect, it } from 'vitest';
import { compactMarkup, readableLinks, withoutTextSeparators } from './compact-markup';

describe('readableLinks', () => {
  it("writes a link's letters outside ASCII as themselves, and a browser asks for the same address", () => {
    const encoded = 'https://wa.me/910000000000?text=%D9%85%D8%B1%D8%AD%D8%A8%D9%8B%D8%A7%20Garlic%20Brothers%D8%8C%20%D8%A3%D8%B1%D8%BA%D8%A8';
    const html = readableLinks(`<a href="${encoded}" class="x">WhatsApp</a>`);
    expect(html).toBe('<a href="https://wa.me/910000000000?text=مرحبًا%20Garlic%20Brothers،%20أرغب" class="x">WhatsApp</a>');
    const href = /href="([^"]+)"/.exec(html)?.[1] as string;
    // The URL parser encodes the letters back as UTF-8: the same address as before.
    expect(new URL(href).href).toBe(new URL(encoded).href);
    expect(href.length).toBeLessThan(encoded.length * 0.6);
  });

  it('leaves ASCII escapes, invisible characters and malformed escapes encoded', () => {
    // %E2%80%8F is a right-to-left mark; %C3%28 is no UTF-8.
    const html = '<a href="/a%20b%3Ac%E2%80%8F%C3%A9%C3%28">x</a>';
    expect(readableLinks(html)).toBe('<a href="/a%20b%3Ac%E2%80%8Fé%C3%28">x</a>');
  });
});

describe('withoutTextSeparators', () => {
  it("drops React's empty comments outside islands and keeps them inside, where hydration reads them", () => {
    const html =
      '<p>From <!-- -->Garlic Brothers<!-- --> (SAC)</p><gb-island data-island="A"><p>1<!-- --> of <!-- -->2</p></gb-island><p>x<!-- -->y</p><!-- a note -->';
    expect(withoutTextSeparators(html)).toBe(
      '<p>From Garlic Brothers (SAC)</p><gb-island data-island="A"><p>1<!-- --> of <!-- -->2</p></gb-island><p>xy</p><!-- a note -->',
    );
  });
});

it('compactMarkup does both', () => {
  expect(compactMarkup('<a href="/%D8%A3">a<!-- -->b</a>')).toBe('<a href="/أ">ab</a>');
});
