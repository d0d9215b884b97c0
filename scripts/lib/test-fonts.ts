/**
 * The fonts the browser tests draw in: the same on every machine, whatever fonts it has installed.
 *
 * What the tests measure (where a page's first screen ends, how a line wraps, layout shift) depends
 * on the faces a first visit paints in: the site's fallback faces (src/ui/styles/base/fonts.css) are
 * local fonts, Liberation Sans where a machine has it, DejaVu Sans or anything else where it has
 * not, and Debian's Chromium brings its own. So the tests' Chromium is given a fontconfig of its
 * own (FONTCONFIG_FILE in its environment, as @sparticuz/chromium does on AWS Lambda with its
 * fonts.conf) that lists only fonts the project ships through npm: the Open Sans of the
 * @sparticuz/chromium package, the sans-serif face for every generic family and every local() that
 * is not there, and the site's own Arabic subset (src/ui/assets/fonts/, converted to TrueType because
 * fontconfig cannot read WOFF2) for the Arabic pages. No font of the machine is ever looked at.
 */
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { ARABIC_SUBSET_TEXT } from '../subset-fonts';

/** The families the tests' pages are drawn in: every other name resolves to the first. */
export const TEST_FONT_FAMILIES = ['Open Sans', 'Noto Sans Arabic'] as const;

const GENERIC_FAMILIES = ['sans-serif', 'serif', 'monospace', 'system-ui', 'cursive', 'fantasy'];

/** Unpacks the @sparticuz/chromium package's fonts of the checkout in `root` (once per machine, beside its binary) and returns their folder. */
async function packagedFonts(root: string): Promise<string> {
  const { inflate } = await import('@sparticuz/chromium');
  return path.join(await inflate(path.join(root, 'node_modules/@sparticuz/chromium/bin/fonts.tar.br')), 'fonts');
}

/** The fontconfig file: only `dirs`, a cache of its own, and each generic family mapped to the test fonts. */
export function fontconfigXml(dirs: string[], cacheDir: string): string {
  const aliases = GENERIC_FAMILIES.map(
    (family) =>
      `  <alias binding="same"><family>${family}</family><prefer>${TEST_FONT_FAMILIES.map((name) => `<family>${name}</family>`).join('')}</prefer></alias>`,
  );
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    ...dirs.map((dir) => `  <dir>${dir}</dir>`),
    `  <cachedir>${cacheDir}</cachedir>`,
    ...aliases,
    '</fontconfig>',
    '',
  ].join('\n');
}

/**
 * Writes the tests' fonts and fontconfig into `dir` (a folder of the run's own) and returns the
 * environment to launch Chromium with. `root` is the checkout, whose src/ui/assets/fonts/ it reads.
 */
export async function writeTestFonts(dir: string, root: string): Promise<{ FONTCONFIG_FILE: string }> {
  const own = path.join(dir, 'fonts');
  fs.mkdirSync(own, { recursive: true });
  const arabic = fs.readFileSync(path.join(root, 'src/ui/assets/fonts/noto-sans-arabic-subset.woff2'));
  fs.writeFileSync(path.join(own, 'noto-sans-arabic-subset.ttf'), await subsetFont(arabic, ARABIC_SUBSET_TEXT, { targetFormat: 'truetype' }));
  const file = path.join(dir, 'fonts.conf');
  fs.writeFileSync(file, fontconfigXml([await packagedFonts(root), own], path.join(dir, 'cache')));
  return { FONTCONFIG_FILE: file };
}
