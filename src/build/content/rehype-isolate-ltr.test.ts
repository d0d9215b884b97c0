import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { rehypeWholeFigures } from '../../shared/i18n/rehype-whole-figures';
import { rehypeIsolateLtr } from './rehype-isolate-ltr';

const SOURCE = [
  'مسحوق بمقاس 80-120 mesh ويُشحن خلال 2-3 أيام عمل بنسبة 95% وبشروط FOB خلال 12 يوماً.',
  'خالٍ من الإشريكية القولونية (E. coli) ومعايَر على (SAC).',
  '',
  'الرمز `HS 0712.90` كما هو.',
].join('\n');

const FIGURE = '<Figure src="/images/certifications/iso-22000.svg" alt="قطع بحجم 3 إلى 5 mm" caption="رقائق الثوم، 5-8 mm" />';

async function html(filePath: string, value = SOURCE): Promise<string> {
  const compiled = await compile({ value, path: filePath }, { rehypePlugins: [rehypeIsolateLtr({ folders: ['content/ar/'] })], outputFormat: 'function-body' });
  return String(compiled);
}

describe('figures and codes in the prose of a right-to-left page', () => {
  it('are isolated left to right where the sentence could reorder them', async () => {
    const out = await html('/site/content/ar/pages/garlic-powder.mdx');
    const isolated = [...out.matchAll(/_jsx\(_components\.bdi, \{\s*dir: "ltr",\s*children: "([^"]+)"/g)].map((m) => m[1]);
    // A bracketed run a line can break inside takes its brackets along; one that cannot needs nothing.
    expect(isolated).toEqual(['80-120 mesh', '2-3', '95%', '(E. coli)']);
  });

  it('leave plain numbers, Latin words and code as they are', async () => {
    const out = await html('/site/content/ar/pages/garlic-powder.mdx');
    expect(out.match(/_components\.bdi/g)).toHaveLength(4);
    expect(out).toContain('HS 0712.90');
    expect(out).not.toContain('children: "12"');
    expect(out).not.toContain('children: "FOB"');
    expect(out).not.toContain('children: "(SAC)"');
  });

  it('are not touched on a page of a left-to-right language', async () => {
    expect(await html('/site/content/de/pages/garlic-powder.mdx')).not.toContain('bdi');
    expect(await html('/site/content/de/pages/garlic-flakes.mdx', FIGURE)).not.toContain('\u2066');
  });

  it("are put between Unicode's isolates in a component's text attributes, which cannot hold an element; its addresses stay", async () => {
    const out = await html('/site/content/ar/pages/garlic-flakes.mdx', FIGURE);
    expect(out).toContain('caption: "رقائق الثوم، \u20665-8 mm\u2069"');
    expect(out).toContain('alt: "قطع بحجم 3 إلى \u20665 mm\u2069"');
    expect(out).toContain('src: "/images/certifications/iso-22000.svg"');
  });

  it('hold a range kept on one line (rehype-whole-figures, which runs after them)', async () => {
    const compiled = await compile(
      { value: 'مسحوق بمقاس 80-120 mesh.', path: '/site/content/ar/pages/garlic-powder.mdx' },
      { rehypePlugins: [rehypeIsolateLtr({ folders: ['content/ar/'] }), rehypeWholeFigures], outputFormat: 'function-body' },
    );
    expect(String(compiled)).toMatch(/_components\.bdi, \{\s*dir: "ltr",\s*children: \[_jsx\(_components\.span, \{\s*className: "nobr",\s*children: "80-120"/);
  });
});
