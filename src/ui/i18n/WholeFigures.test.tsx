import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocationProvider } from '@/ui/router/location';
import { Fact } from '@/ui/components/mdx/Fact';
import PostMarkdown from '@/ui/features/blog/PostMarkdown';
import { IsolatedRuns } from './IsolatedRuns';
import { WholeFigures } from './WholeFigures';

describe('WholeFigures', () => {
  it('keeps each run of joined figures on one line', () => {
    expect(renderToStaticMarkup(<WholeFigures text="80-120 mesh, ISO 21527-2" />)).toBe(
      '<span class="nobr">80-120</span> mesh, ISO <span class="nobr">21527-2</span>',
    );
  });

  it('adds nothing to a text without any', () => {
    expect(renderToStaticMarkup(<WholeFigures text="1 MT, 24 months" />)).toBe('1 MT, 24 months');
  });

  it('keeps them whole inside a right-to-left isolation, a fact and a post added in the admin', () => {
    expect(renderToStaticMarkup(<IsolatedRuns text="بمقاس 80-120 mesh" />)).toBe('بمقاس <bdi dir="ltr"><span class="nobr">80-120</span> mesh</bdi>');
    const fact = (pathname: string) =>
      renderToStaticMarkup(
        <LocationProvider value={pathname}>
          <Fact name="garlic-powder.particleSize" />
        </LocationProvider>,
      );
    expect(fact('/garlic-powder')).toMatch(/^<span class="nobr">80-120<\/span> mesh$/);
    expect(fact('/de/garlic-powder')).toMatch(/^<span class="nobr">80–120<\/span> mesh$/);
    expect(renderToStaticMarkup(<PostMarkdown content="Sieved to 80-120 mesh." />)).toContain('<p>Sieved to <span class="nobr">80-120</span> mesh.</p>');
  });
});
