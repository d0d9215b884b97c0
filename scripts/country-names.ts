/**
 * `npx tsx scripts/country-names.ts`: writes src/shared/domain/country-names-<language>.ts, every country's
 * name in each language of the site (content/ui/) as this Node's Intl.DisplayNames gives it, sorted by the
 * language's Intl.Collator. Run it when Node's ICU changes (countries.test.ts says so): the forms
 * read the file rather than the browser's Intl, whose names and order differ between versions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { namedAndSorted } from '../src/shared/domain/country-codes';

const LANGUAGES = ['en', 'de', 'ar'] as const;
/** One module per language: a chunk shared by the forms and the admin would carry all three to the admin. */
for (const language of LANGUAGES) {
  const target = path.join(import.meta.dirname, `../src/shared/domain/country-names-${language}.ts`);
  const lines = [
    '/**',
    ` * Every country by its ISO code, named in ${language} and sorted as that language sorts, as Node's`,
    ' * Intl.DisplayNames and Intl.Collator gave them. Written by scripts/country-names.ts: do not edit.',
    ' */',
    "import type { CountryCode } from './country-codes';",
    '',
    `export const COUNTRY_NAMES_${language.toUpperCase()}: readonly (readonly [CountryCode, string])[] = [`,
    ...namedAndSorted(language).map(([code, name]) => `  [${JSON.stringify(code)}, ${JSON.stringify(name)}],`),
    '];',
    '',
  ];
  // In the repository's style, so the check of formatting passes on the file as written.
  fs.writeFileSync(target, await format(lines.join('\n'), { ...(await resolveConfig(target)), filepath: target }));
  console.log(`Wrote ${path.relative(process.cwd(), target)}`);
}
