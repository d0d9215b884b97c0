/**
 * Makes the site's two web fonts small: Inter (body text, weights 400-700 kept as a variable
 * font) and Fraunces (headings, one instance at 600), each cut down to the characters in
 * SUBSET_TEXT, written to src/assets/fonts/. Run after changing SUBSET_TEXT or the font
 * packages: npm run fonts:subset   (the files are committed; a unit test checks them)
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';

/**
 * Printable ASCII, the letters of the German copy, and the punctuation and symbols the copy uses.
 * Anything else falls back to a system font; Arabic text is drawn by Arabic faces, never these.
 */
export const SUBSET_TEXT = `${Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')}\u00a0§©«®°±µ·»×ÄÖÜßàäéöüń–—‘’“”„…€₹←→≤≥`;

export const FONT_DIR = 'src/assets/fonts';

export const FONTS = [
  {
    file: 'inter-subset.woff2',
    source: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    axes: { wght: { min: 400, max: 700 } },
  },
  {
    file: 'fraunces-subset.woff2',
    source: 'node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    axes: { wght: 600 },
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
    const out = await subsetFont(fs.readFileSync(font.source), SUBSET_TEXT, { targetFormat: 'woff2', variationAxes: font.axes });
    fs.writeFileSync(path.join(FONT_DIR, font.file), out);
    console.log(`${font.file}: ${out.length} bytes`);
  }
  console.log(`unicode-range: ${unicodeRange()}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
