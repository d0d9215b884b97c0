import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import { rehypeWholeFigures } from './rehype-whole-figures';

async function html(filePath: string, value: string): Promise<string> {
  const compiled = await compile({ value, path: filePath }, { rehypePlugins: [rehypeWholeFigures], outputFormat: 'function-body' });
  return String(compiled);
}

/** The texts the compiled page keeps on one line. */
const whole = (out: string) => [...out.matchAll(/_jsx\(_components\.span, \{\s*className: "nobr",\s*children: "([^"]+)"/g)].map((m) => m[1]);

describe('joined figures in the prose of a page', () => {
  it('are kept on one line in prose, lists, tables and a component’s text', async () => {
    const out = await html(
      '/site/content/pages/garlic-powder.mdx',
      [
        'Sieved to 80-120 mesh, shipped in 2–3 weeks.',
        '',
        '- ISO 21527-2',
        '',
        '| Size | 16-26 mesh |',
        '| --- | --- |',
        '',
        '<Card title="x">4-6 weeks</Card>',
      ].join('\n'),
    );
    expect(whole(out)).toEqual(['80-120', '2–3', '21527-2', '16-26', '4-6']);
  });

  it('are left alone in code, and a text without any gets nothing', async () => {
    const out = await html('/site/content/pages/about.mdx', 'The code `HS 0712-90` and 24 months.\n\n```\n80-120\n```');
    expect(whole(out)).toEqual([]);
    expect(out).not.toContain('nobr');
  });
});
