import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { rehypeIsolateLtr } from './rehype-isolate-ltr';

const SOURCE = [
  'مسحوق بمقاس 80-120 mesh ويُشحن خلال 2-3 أيام عمل بنسبة 95% وبشروط FOB خلال 12 يوماً.',
  '',
  'الرمز `HS 0712.90` كما هو.',
].join('\n');

async function html(filePath: string): Promise<string> {
  const compiled = await compile({ value: SOURCE, path: filePath }, { rehypePlugins: [rehypeIsolateLtr({ folders: ['content/ar/'] })], outputFormat: 'function-body' });
  return String(compiled);
}

describe('figures and codes in the prose of a right-to-left page', () => {
  it('are isolated left to right where the sentence could reorder them', async () => {
    const out = await html('/site/content/ar/pages/garlic-powder.mdx');
    const isolated = [...out.matchAll(/_jsx\(_components\.bdi, \{\s*dir: "ltr",\s*children: "([^"]+)"/g)].map((m) => m[1]);
    expect(isolated).toEqual(['80-120 mesh', '2-3', '95%']);
  });

  it('leave plain numbers, Latin words and code as they are', async () => {
    const out = await html('/site/content/ar/pages/garlic-powder.mdx');
    expect(out.match(/_components\.bdi/g)).toHaveLength(3);
    expect(out).toContain('HS 0712.90');
    expect(out).not.toContain('children: "12"');
    expect(out).not.toContain('children: "FOB"');
  });

  it('are not touched on a page of a left-to-right language', async () => {
    expect(await html('/site/content/de/pages/garlic-powder.mdx')).not.toContain('bdi');
  });
});
