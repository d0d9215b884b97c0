import { evaluate } from '@mdx-js/mdx';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as runtime from 'react/jsx-runtime';
import { describe, expect, it } from 'vitest';
import { remarkFigureRows } from './remark-figure-rows';

/** The HTML a page's markdown renders to, each figure drawn as `<figure>` with its alt. */
async function rendered(value: string): Promise<string> {
  const { default: Body } = await evaluate(value, { ...runtime, remarkPlugins: [remarkFigureRows] });
  const components = {
    Figure: ({ alt }: { alt: string }) => createElement('figure', null, alt),
    Callout: ({ children }: { children: unknown }) => createElement('aside', null, children as never),
  };
  return renderToStaticMarkup(createElement(Body, { components })).replace(/\n/g, '');
}

const figure = (name: string) => `<Figure src="/images/${name}.svg" alt="${name}" width={800} height={600} />`;

describe('remarkFigureRows', () => {
  it('puts figures that follow one another, with blank lines between them, into one row', async () => {
    expect(await rendered(`## Sourcing\n\n${figure('a')}\n\n${figure('b')}\n\n${figure('c')}\n\nText after.\n`)).toBe(
      '<h2>Sourcing</h2><div class="figure-row"><figure>a</figure><figure>b</figure><figure>c</figure></div><p>Text after.</p>',
    );
  });

  it('leaves a figure on its own as it is, and starts a new row after anything between figures', async () => {
    expect(await rendered(`${figure('a')}\n\nBetween.\n\n${figure('b')}\n\n${figure('c')}\n`)).toBe(
      '<figure>a</figure><p>Between.</p><div class="figure-row"><figure>b</figure><figure>c</figure></div>',
    );
  });

  it('groups figures inside another component too', async () => {
    expect(await rendered(`<Callout>\n\n${figure('a')}\n\n${figure('b')}\n\n</Callout>\n`)).toBe(
      '<aside><div class="figure-row"><figure>a</figure><figure>b</figure></div></aside>',
    );
  });
});
