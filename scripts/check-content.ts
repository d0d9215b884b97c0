/**
 * Checks every file in content/ against its schema without building the site.
 * Run: npm run check:content   (exit code 1 and one line per problem when anything is wrong; stale
 * and missing translations are warnings). It also applies each language's glossary
 * (content/glossary/<code>.yaml) to that language's pages, FAQ answers and interface words, and
 * the default language's to content/site.yaml and the blog posts: every variant a glossary forbids
 * is a `file:line: "variant" → use "term"` line and fails the check. Photos (photo-check.ts): each
 * one shown has a text alternative, and each file is one the build can publish.
 */
import { glossaryFindings } from '../src/build/content/glossary-check';
import { formatFinding } from '../src/build/content/glossary';
import { ContentError, loadContent } from '../src/build/content/load';
import { photoProblems } from '../src/build/content/photo-check';
import { translationReport } from '../src/build/content/translations';

try {
  const content = loadContent(process.cwd());
  const { pages, faq, blog, translations } = content;
  const languages = translations.map((t) => `${t.language.name}: ${t.pages.length} pages, ${t.faq.length} FAQ entries`).join('; ');
  console.log(
    `Content OK: ${pages.length} pages, ${faq.length} FAQ entries, ${blog.length} blog posts, the investor portal's copy${languages ? `; ${languages}` : ''}.`,
  );
  // Stale and missing translations are published as they are (or not at all): a warning, not a failure.
  const pending = translationReport(process.cwd(), content, translations).filter((row) => row.state !== 'translated');
  for (const row of pending)
    console.warn(
      `Warning: ${row.file}: ${row.state === 'stale' ? `stale: ${row.source} changed since it was translated` : `missing: no translation of ${row.source}`}`,
    );
  if (pending.length) console.warn(`${pending.length} translation${pending.length === 1 ? '' : 's'} to do: npm run i18n:status lists them.`);
  // Photos: a text alternative for each, and each file one the build can publish.
  const photos = await photoProblems(process.cwd(), content);
  if (photos.length) throw new ContentError(photos);
  const findings = glossaryFindings(process.cwd(), content.site, content.glossaries);
  for (const finding of findings) console.error(formatFinding(finding));
  if (findings.length) {
    console.error(`Glossary check failed: ${findings.length} word${findings.length === 1 ? '' : 's'} to replace (content/glossary/ lists the terms).`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
