/**
 * The web fonts stay small and cover the copy: the files fonts.css loads weigh at most 40 kB
 * together, they are the subsets scripts/subset-fonts.ts makes, their unicode-range is exactly
 * that subset, and every character in content/ is in it (or an editor is told how to add it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONTS, FONT_DIR, SUBSET_TEXT, unicodeRange } from './subset-fonts';

const FONTS_CSS = 'src/styles/base/fonts.css';
const css = fs.readFileSync(FONTS_CSS, 'utf8');
const FIRST_VISIT_BUDGET = 40_000;

function filesIn(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => (e.isFile() ? [path.join(e.parentPath, e.name)] : []));
}

describe('web fonts', () => {
  it('weigh at most 40 kB together on a first visit', () => {
    const urls = [...css.matchAll(/url\('([^']+\.woff2)'\)/g)].map((m) => path.join(path.dirname(FONTS_CSS), m[1]));
    expect(urls.map((u) => path.basename(u)).sort()).toEqual(FONTS.map((f) => f.file).sort());
    const total = urls.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    expect(total).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
    for (const font of FONTS) expect(fs.existsSync(path.join(FONT_DIR, font.file))).toBe(true);
  });

  it('declare exactly the subset as their unicode-range, and never swap in after text has painted', () => {
    const ranges = [...css.matchAll(/unicode-range:\s*([^;]+);/g)].map((m) => m[1].replace(/\s+/g, ' ').trim());
    expect(ranges).toEqual([unicodeRange(), unicodeRange()]);
    expect([...css.matchAll(/font-display:\s*(\w+);/g)].map((m) => m[1])).toEqual(['optional', 'optional']);
  });

  it('cover every character of the copy in content/ outside the Arabic script', () => {
    const have = new Set(SUBSET_TEXT);
    const missing = new Map<string, string>();
    // Arabic letters, marks and punctuation are drawn by Arabic faces, not by these Latin ones.
    const arabic = /\p{Script_Extensions=Arabic}/u;
    for (const file of filesIn('content').filter((f) => /\.(mdx?|ya?ml)$/.test(f))) {
      for (const ch of fs.readFileSync(file, 'utf8')) {
        if (ch >= ' ' && !have.has(ch) && !arabic.test(ch) && !missing.has(ch)) missing.set(ch, file);
      }
    }
    const report = [...missing].map(([ch, file]) => `"${ch}" (U+${ch.codePointAt(0)?.toString(16).toUpperCase()}) in ${file}`);
    expect(report, 'add these to SUBSET_TEXT in scripts/subset-fonts.ts and run npm run fonts:subset').toEqual([]);
  });
});
