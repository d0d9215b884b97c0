/**
 * The glossaries on disk: content/glossary/<code>.yaml read and validated (load.ts reports a
 * broken one with the file and field), and every text of a language checked against its glossary:
 * its pages, FAQ answers and interface words, plus content/site.yaml and the blog posts
 * (content/blog, written in the default language only) for the default language.
 * Node only; the matching itself is glossary.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { listFiles, readYaml, validate } from './files.ts';
import { findVariants, type GlossaryFinding } from './glossary.ts';
import { Glossary, type SiteConfig } from './schema.ts';

export const GLOSSARY_DIR = 'content/glossary';

/** Each language's glossary that exists, by language code; a file for no language of the site is a problem. */
export function readGlossaries(root: string, site: SiteConfig, problems: string[]): Record<string, Glossary> {
  const glossaries: Record<string, Glossary> = {};
  const codes = new Set(site.languages.map((language) => language.code));
  for (const abs of listFiles(path.join(root, GLOSSARY_DIR), /\.ya?ml$/)) {
    const rel = path.relative(root, abs);
    const code = path.basename(abs).replace(/\.ya?ml$/, '');
    if (!codes.has(code)) {
      problems.push(`${rel}: file name: expected <language code>.yaml for a language of content/site.yaml (${[...codes].join(', ')}), got "${path.basename(abs)}"`);
      continue;
    }
    const data = readYaml(root, rel, problems);
    if (data === undefined) continue;
    const glossary = validate(Glossary, data, rel, problems);
    if (glossary) glossaries[code] = glossary;
  }
  return glossaries;
}

/** The files written in a language, relative to the root: pages, FAQ answers, interface words (and site.yaml and the blog posts in the default language). */
export function filesOf(root: string, code: string, isDefault: boolean): string[] {
  const base = isDefault ? 'content' : `content/${code}`;
  const files = [...listFiles(path.join(root, base, 'pages'), /\.mdx$/), ...listFiles(path.join(root, base, 'faq'), /\.md$/), path.join(root, `content/ui/${code}.yaml`)];
  if (isDefault) files.push(path.join(root, 'content/site.yaml'), ...listFiles(path.join(root, 'content/blog'), /\.mdx$/));
  return files.filter((abs) => fs.existsSync(abs)).map((abs) => path.relative(root, abs));
}

/** Every use of a forbidden variant in the site's content, language by language. */
export function glossaryFindings(root: string, site: SiteConfig, glossaries: Record<string, Glossary>): GlossaryFinding[] {
  return site.languages.flatMap((language, index) => {
    const glossary = glossaries[language.code];
    if (!glossary) return [];
    return filesOf(root, language.code, index === 0).flatMap((rel) =>
      findVariants(rel, fs.readFileSync(path.join(root, rel), 'utf8'), rel.endsWith('.yaml') ? 'yaml' : 'markdown', glossary),
    );
  });
}
