/**
 * The web fonts stay small and cover the copy: the files a first visit fetches weigh at most 40 kB
 * together in every language (a page in a Latin script fetches the Latin faces only, an Arabic page
 * its own set), they are the subsets scripts/subset-fonts.ts makes, their unicode-range is exactly
 * that subset, and every character in content/ is in one (or an editor is told how to add it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../src/build/content/load';
import { WEB_FONTS } from '../src/browser/theme/fonts-script';
import { webFontsFor } from '../src/browser/theme/web-fonts';
import { ARABIC_SUBSET_TEXT, FONTS, FONT_DIR, SUBSET_TEXT, unicodeRange } from './subset-fonts';

/** The sheets that declare web fonts: every page's, and the Arabic pages' own. */
const FONT_SHEETS = ['src/ui/styles/base/fonts.css', 'src/ui/styles/pages/12-arabic.css'];
const FIRST_VISIT_BUDGET = 40_000;

/** The downloadable faces those sheets declare: family, file and unicode-range. */
const faces = FONT_SHEETS.flatMap((sheet) =>
  [...fs.readFileSync(sheet, 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)].flatMap(([, block]) => {
    const url = /url\('([^']+\.woff2)'\)/.exec(block)?.[1];
    if (!url) return [];
    return [
      {
        family: /font-family:\s*'([^']+)'/.exec(block)?.[1] ?? '',
        file: path.join(path.dirname(sheet), url),
        range: /unicode-range:\s*([^;]+);/.exec(block)?.[1].replace(/\s+/g, ' ').trim(),
        display: /font-display:\s*(\w+);/.exec(block)?.[1],
      },
    ];
  }),
);

function filesIn(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((e) => (e.isFile() ? [path.join(e.parentPath, e.name)] : []));
}

const arabic = /\p{Script_Extensions=Arabic}/u;

describe('web fonts', () => {
  it('are the subsets the font script makes, one file per web font family', () => {
    expect(faces.map((face) => path.basename(face.file)).sort()).toEqual(FONTS.map((f) => f.file).sort());
    expect(faces.map((face) => face.family).sort()).toEqual(WEB_FONTS.map((font) => font.family).sort());
    for (const font of FONTS) expect(fs.existsSync(path.join(FONT_DIR, font.file))).toBe(true);
  });

  it('weigh at most 40 kB together on a first visit, in every language; the Latin pages fetch the Latin faces only', () => {
    const size = (name: string) => {
      const family = WEB_FONTS.find((font) => font.name === name)?.family;
      const face = faces.find((f) => f.family === family);
      if (!face) throw new Error(`no stylesheet declares ${family}`);
      return fs.statSync(face.file).size;
    };
    const languages = loadContent(process.cwd()).site?.languages ?? [];
    expect(languages.length).toBeGreaterThan(1);
    for (const { code } of languages) {
      const total = webFontsFor(code).reduce((sum, name) => sum + size(name), 0);
      expect(total, `a first visit in ${code}`).toBeLessThanOrEqual(FIRST_VISIT_BUDGET);
    }
    expect(webFontsFor('en')).toEqual(['inter', 'fraunces']);
    expect(webFontsFor('de')).toEqual(['inter', 'fraunces']);
  });

  it('declare exactly the subset as their unicode-range, and never swap in after text has painted', () => {
    const rangeOf = (family: string) => faces.find((face) => face.family === family)?.range;
    expect(rangeOf('Inter Variable')).toBe(unicodeRange());
    expect(rangeOf('Fraunces Variable')).toBe(unicodeRange());
    expect(rangeOf('Noto Sans Arabic Variable')).toBe(unicodeRange(ARABIC_SUBSET_TEXT));
    expect([...ARABIC_SUBSET_TEXT].every((ch) => arabic.test(ch))).toBe(true);
    expect(faces.map((face) => face.display)).toEqual(faces.map(() => 'optional'));
  });

  it('cover every character of the copy in content/: the Latin faces all but the Arabic script, the Arabic face that', () => {
    const latin = new Set(SUBSET_TEXT);
    const arabicLetters = new Set(ARABIC_SUBSET_TEXT);
    const missing = new Map<string, string>();
    for (const file of filesIn('content').filter((f) => /\.(mdx?|ya?ml)$/.test(f))) {
      for (const ch of fs.readFileSync(file, 'utf8')) {
        if (ch < ' ' || missing.has(ch)) continue;
        if (arabic.test(ch) ? !arabicLetters.has(ch) : !latin.has(ch)) missing.set(ch, file);
      }
    }
    const report = [...missing].map(([ch, file]) => `"${ch}" (U+${ch.codePointAt(0)?.toString(16).toUpperCase()}) in ${file}`);
    expect(report, 'add these to SUBSET_TEXT (or ARABIC_SUBSET_TEXT) in scripts/subset-fonts.ts and run npm run fonts:subset').toEqual([]);
  });
});
