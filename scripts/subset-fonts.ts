/**
 * Makes the site's web fonts small: Inter (body text, weights 400-700 kept as a variable font) and
 * Fraunces (headings, one instance at 600), each cut down to the characters in SUBSET_TEXT, and
 * Noto Sans Arabic (the Arabic pages' text, 400-700 variable) cut down to ARABIC_SUBSET_TEXT,
 * written to src/ui/assets/fonts/. Run after changing a subset text or the font packages:
 * npm run fonts:subset   (the files are committed; a unit test checks them)
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';

/**
 * Printable ASCII, the letters of the German copy, and the punctuation and symbols the copy uses.
 * Anything else falls back to a system font; Arabic text is drawn by Arabic faces, never these.
 */
export const SUBSET_TEXT = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}\u00a0§©«®°±²µ·»×ÄÖÜßàäéöüń–—‘’“”„…€₹←→≤≥`;

/**
 * The Arabic letters, marks (fatha, damma, kasra, shadda, tanween) and punctuation of the Arabic
 * copy (content/ar/, content/ui/ar.yaml, the language's own name in content/site.yaml). Spaces,
 * digits and Latin words between them are drawn by the Latin faces.
 */
export const ARABIC_SUBSET_TEXT =
  '\u060c\u061b\u061f\u0621\u0622\u0623\u0624\u0625\u0626\u0627\u0628\u0629\u062a\u062b\u062c\u062d\u062e\u062f\u0630\u0631\u0632\u0633\u0634\u0635\u0636\u0637\u0638\u0639\u063a\u0640\u0641\u0642\u0643\u0644\u0645\u0646\u0647\u0648\u0649\u064a\u064b\u064d\u064e\u064f\u0650\u0651';

export const FONT_DIR = 'src/ui/assets/fonts';

export const FONTS = [
  {
    file: 'inter-subset.woff2',
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    axes: { wght: { min: 400, max: 700 } },
    text: SUBSET_TEXT,
  },
  {
    file: 'fraunces-subset.woff2',
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    axes: { wght: 600 },
    text: SUBSET_TEXT,
  },
  {
    // Body text and headings alike (400-700): a second Arabic face for the headings would not fit the budget.
    file: 'noto-sans-arabic-subset.woff2',
    source: 'node_modules/@fontsource-variable/noto-sans-arabic/files/noto-sans-arabic-arabic-wght-normal.woff2',
    axes: { wght: { min: 400, max: 700 } },
    text: ARABIC_SUBSET_TEXT,
  },
];

/** The @font-face unicode-range that matches SUBSET_TEXT exactly. */
export function unicodeRange(text = SUBSET_TEXT): string {
  const points = [...new Set([...text].map((ch) => ch.codePointAt(0) as number))].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < points.length; i++) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === points[j] + 1) j++;
    const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
    ranges.push(i === j ? `U+${hex(points[i])}` : `U+${hex(points[i])}-${hex(points[j])}`);
    i = j;
  }
  return ranges.join(', ');
}

async function main() {
  for (const font of FONTS) {
    const out = await subsetFont(fs.readFileSync(font.source), font.text, { targetFormat: 'woff2', variationAxes: font.axes });
    fs.writeFileSync(path.join(FONT_DIR, font.file), out);
    console.log(`${font.file}: ${out.length} bytes`);
  }
  console.log(`unicode-range (Latin): ${unicodeRange()}`);
  console.log(`unicode-range (Arabic): ${unicodeRange(ARABIC_SUBSET_TEXT)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
