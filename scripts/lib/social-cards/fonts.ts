/**
 * The cards' typefaces as TrueType files, which the rasteriser reads (it cannot read the
 * site's WOFF2). Converted from the site's own font subsets (src/ui/assets/fonts/, so the cards use
 * exactly the site's faces and characters) once, then kept in the cache folder under a hash of
 * their source: a later build reuses them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { ARABIC_SUBSET_TEXT, SUBSET_TEXT } from '../../subset-fonts';
import { writeWhole } from '../../../src/build/pipeline/write-whole';

const SOURCES = [
  // Fraunces is already one instance (600); Inter and Noto Sans Arabic (the right-to-left cards'
  // label and title, card-svg-rtl.ts) are variable, pinned to the weight the card sets them in.
  { file: 'src/ui/assets/fonts/fraunces-subset.woff2', axes: undefined, text: SUBSET_TEXT },
  { file: 'src/ui/assets/fonts/inter-subset.woff2', axes: { wght: 500 }, text: SUBSET_TEXT },
  { file: 'src/ui/assets/fonts/noto-sans-arabic-subset.woff2', axes: { wght: 600 }, text: ARABIC_SUBSET_TEXT },
];

export interface CardFonts {
  files: string[];
  /** The file of the heading face (the first source), in which titles are set. */
  heading: string;
  /** Changes when a source font changes, so the cards drawn with it are drawn again. */
  hash: string;
}

export async function cardFonts(root: string, cacheDir: string): Promise<CardFonts> {
  const files: string[] = [];
  const all = createHash('sha256');
  for (const source of SOURCES) {
    const woff2 = fs.readFileSync(path.join(root, source.file));
    const hash = createHash('sha256')
      .update(woff2)
      .update(JSON.stringify(source.axes ?? {}))
      .digest('hex')
      .slice(0, 16);
    all.update(hash);
    const out = path.join(cacheDir, `${path.basename(source.file, '.woff2')}-${hash}.ttf`);
    if (!fs.existsSync(out)) {
      const ttf = await subsetFont(woff2, source.text, { targetFormat: 'truetype', ...(source.axes ? { variationAxes: source.axes } : {}) });
      fs.mkdirSync(cacheDir, { recursive: true });
      writeWhole(out, ttf);
    }
    files.push(out);
  }
  return { files, heading: files[0], hash: all.digest('hex').slice(0, 16) };
}
