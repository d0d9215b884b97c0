/**
 * The glossary check: finds, in one file's text, the variants a language's glossary forbids, with
 * the line each is on and the term to use instead. Isomorphic and free of I/O so it can be tested
 * on strings; glossary-check.ts feeds it the content files.
 *
 * What is not prose is blanked before the search (replaced by spaces, so lines and columns stay
 * where they were): code blocks and inline code, URLs and link targets, component attributes that
 * hold addresses, and YAML keys (the UI files key some strings by their English label or path).
 */
import type { Glossary, GlossaryTerm } from './schema.ts';

export type TextKind = 'markdown' | 'yaml';

export interface GlossaryFinding {
  file: string;
  line: number;
  /** The text found, as written. */
  found: string;
  /** The glossary's term to use instead. */
  term: string;
}

const blank = (match: string) => match.replace(/[^\n]/g, ' ');

const URL = /\bhttps?:\/\/[^\s)>\]"'`]+|\bmailto:[^\s)>\]"'`]+/g;
const LINK_TARGET = /\]\([^)\n]*\)/g;
const ADDRESS_ATTRIBUTE = /\b(?:href|to|src|image)=(?:"[^"\n]*"|\{[^}\n]*\})/g;
const FENCED_CODE = /^(\s*)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm;
const INLINE_CODE = /`[^`\n]+`/g;
// A key at the start of a line, or after "- " or "{"/"," in a flow mapping: `navigation./about:`, `"Countries served":`.
const YAML_KEY = /(^|[{,]\s*|^\s*-\s+)(\s*)("[^"\n]*"|'[^'\n]*'|[^\s"'{},:#-][^\n:{},#]*?)(?=:(?:\s|$))/gm;
// Site paths written as values (`href: /contact`, `image: /images/x.svg`).
const YAML_PATH = /(:\s+)(\/[^\s,}]*)/g;

/** The text with everything the glossary does not apply to blanked out, line breaks kept. */
export function checkableText(text: string, kind: TextKind): string {
  let out = text.replace(FENCED_CODE, blank).replace(INLINE_CODE, blank).replace(URL, blank);
  if (kind === 'markdown') out = out.replace(LINK_TARGET, (m) => `]${blank(m.slice(1))}`).replace(ADDRESS_ATTRIBUTE, blank);
  else out = out.replace(YAML_KEY, (_m, before: string, space: string, key: string) => `${before}${space}${blank(key)}`).replace(YAML_PATH, (_m, before: string, p: string) => `${before}${blank(p)}`);
  return out;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One regular expression per glossary entry, matching any of its variants or patterns. */
function matcher(entry: GlossaryTerm): RegExp {
  // Letters, digits and marks (Arabic vowel signs) are part of a word; a variant must not be part of a longer one.
  const edge = entry.partOfWord ? ['', ''] : ['(?<![\\p{L}\\p{N}\\p{M}])', '(?![\\p{L}\\p{N}\\p{M}])'];
  const literals = entry.variants.map((variant) => `${edge[0]}${escape(variant)}${edge[1]}`);
  return new RegExp([...literals, ...entry.patterns.map((p) => `(?:${p})`)].join('|'), 'gu');
}

/** Every use of a forbidden variant in `text`, in order of line; `file` is only carried into the findings. */
export function findVariants(file: string, text: string, kind: TextKind, glossary: Glossary): GlossaryFinding[] {
  const lines = checkableText(text, kind).split('\n');
  const findings: GlossaryFinding[] = [];
  const matchers = glossary.terms.map((entry) => ({ entry, re: matcher(entry) }));
  lines.forEach((line, index) => {
    for (const { entry, re } of matchers) {
      for (const match of line.matchAll(re)) if (match[0]) findings.push({ file, line: index + 1, found: match[0], term: entry.term });
    }
  });
  return findings;
}

/** The line the check prints: `file:line: "variant" → use "term"`. */
export function formatFinding(finding: GlossaryFinding): string {
  return `${finding.file}:${finding.line}: "${finding.found}" → use "${finding.term}"`;
}
