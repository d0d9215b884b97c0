/**
 * Translations at a glance, and marking one current.
 *
 *   npm run i18n:status                 every page and FAQ entry to translate, per language:
 *                                       translated, stale (its English source changed since) or missing
 *   npm run i18n:mark -- <file> [...]   records that a translation is current with its English source
 *                                       (e.g. content/de/pages/about.mdx); `--all` marks every translation
 *
 * A translation records the version of its English source it was made from in its frontmatter
 * (`translatedFrom`, a hash of the source file); a changed source makes it stale until it is
 * revised and marked again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ContentError, loadContent } from '../src/build/content/load';
import { sourceHash, translationReport, type TranslationReport } from '../src/build/content/translations';

const root = process.cwd();

/** Writes `translatedFrom: <hash>` into a translation's frontmatter (replacing an older one), keeping everything else as written. */
export function markCurrent(file: string, source: string): void {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const hash = sourceHash(fs.readFileSync(path.join(root, source), 'utf8'));
  const end = text.indexOf('\n---', 4);
  if (!text.startsWith('---\n') || end === -1) throw new Error(`${file}: no frontmatter to record the translation's version in`);
  const frontmatter = text
    .slice(4, end)
    .replace(/\ntranslatedFrom: .*$/m, '')
    .replace(/^translatedFrom: .*\n/m, '');
  fs.writeFileSync(path.join(root, file), `---\n${frontmatter}\ntranslatedFrom: ${hash}${text.slice(end)}`);
}

function report(): TranslationReport[] {
  const content = loadContent(root);
  return translationReport(root, content, content.translations);
}

function status(): void {
  const rows = report();
  const width = Math.max(...rows.map((row) => row.source.length));
  for (const row of rows) console.log(`${row.locale}  ${row.source.padEnd(width)}  ${row.state}${row.state === 'missing' ? '' : `  (${row.file})`}`);
  const count = (state: string) => rows.filter((row) => row.state === state).length;
  console.log(`\n${count('translated')} translated, ${count('stale')} stale, ${count('missing')} missing.`);
  if (count('stale')) console.log('Revise each stale translation from its English source, then: npm run i18n:mark -- <file>');
}

function mark(files: string[]): void {
  const rows = report().filter((row) => row.state !== 'missing');
  const chosen = files.includes('--all') ? rows : files.map((file) => rows.find((row) => row.file === path.normalize(file)) ?? file);
  for (const row of chosen) {
    if (typeof row === 'string') throw new Error(`${row}: not a translation of an English page or FAQ entry (see npm run i18n:status)`);
    markCurrent(row.file, row.source);
    console.log(`${row.file}: current with ${row.source}`);
  }
}

try {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'status') status();
  else if (command === 'mark' && args.length) mark(args);
  else {
    console.error('Usage: npm run i18n:status | npm run i18n:mark -- <translation file> [...] | npm run i18n:mark -- --all');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof ContentError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
