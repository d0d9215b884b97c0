import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/build/content/load';
import { defaultCard } from './social-card';

const root = process.cwd();
const content = loadContent(root);
const defaultCode = content.site.languages[0].code;

/** The words a card's SVG shows, each text element's lines joined by a space. */
function shownText(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map(
    ([, inner]) => [...inner.matchAll(/<tspan\b[^>]*>([^<]*)<\/tspan>/g)].map(([, line]) => line).join(' ') || inner,
  );
}

describe('the default link-preview card of each language', () => {
  it.each(content.site.languages.map((language) => [language.code]))(
    '%s: a 1200x630 PNG beside an SVG that shows the brand and the tagline its pages describe it with',
    (code) => {
      const png = path.join(root, 'public', defaultCard(code, defaultCode));
      expect(fs.existsSync(png), `${path.relative(root, png)}: missing (draw it from its SVG with npx tsx scripts/render-social-cards.ts)`).toBe(true);
      const bytes = fs.readFileSync(png);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
      const tagline = (content.ui[code].socialCard as Record<string, string>).tagline;
      const svg = fs.readFileSync(png.replace(/\.png$/, '.svg'), 'utf8');
      expect(svg).toContain(`<title>${content.site.name}: ${tagline}</title>`);
      expect(shownText(svg)).toEqual([content.site.name, tagline]);
    },
  );
});
