/**
 * Reading content files for the loaders (load.ts, translations.ts): YAML files and frontmatter,
 * schema validation that reports `file: field: problem` lines, file lists. Node only.
 */
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import * as v from 'valibot';
import { parseDocument } from 'yaml';

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value instanceof Date) return JSON.stringify(value.toISOString().slice(0, 10));
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/**
 * A YAML file's value (`rel` from the root), or undefined with a problem added: `missing` says
 * what a missing file leaves out; a syntax error is reported with its line.
 */
export function readYaml(root: string, rel: string, problems: string[], missing = 'file is missing'): unknown {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) {
    problems.push(`${rel}: ${missing}`);
    return undefined;
  }
  const doc = parseDocument(fs.readFileSync(abs, 'utf8'));
  if (doc.errors.length) {
    problems.push(...doc.errors.map((e) => `${rel}: line ${e.linePos?.[0].line ?? '?'}: ${e.message.split('\n')[0]}`));
    return undefined;
  }
  return doc.toJS() as unknown;
}

/** Turns valibot issues into `file: field: message, got value` lines, one per field. */
function formatIssues(file: string, issues: v.BaseIssue<unknown>[]): string[] {
  const seen = new Set<string>();
  return issues.flatMap((issue) => {
    const field = issue.path?.map((p) => String(p.key)).join('.') || '(file)';
    // A pipe reports every failed step; the first says what is wrong.
    if (seen.has(field)) return [];
    seen.add(field);
    if (issue.kind === 'schema' && issue.input === undefined) return [`${file}: ${field}: required field is missing`];
    if (issue.type === 'strict_object' && issue.path?.length) return [`${file}: ${field}: unknown field; remove it or check its spelling`];
    const message = issue.message.startsWith('Invalid ') ? `expected ${issue.expected}` : issue.message;
    return [`${file}: ${field}: ${message}, got ${describe(issue.input)}`];
  });
}

/** gray-matter's YAML turns unquoted dates into Date objects; editors may write either form. */
function normaliseDates(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    out[key] = value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value;
  }
  return out;
}

export function listFiles(dir: string, ext: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && ext.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

export interface Parsed {
  data: Record<string, unknown>;
  body: string;
}

export function readFrontmatter(abs: string, rel: string, problems: string[]): Parsed | null {
  try {
    const { data, content } = matter(fs.readFileSync(abs, 'utf8'));
    return { data: normaliseDates(data), body: content };
  } catch (error) {
    problems.push(`${rel}: frontmatter: not valid YAML (${(error as Error).message.split('\n')[0]})`);
    return null;
  }
}

export function validate<S extends v.GenericSchema>(schema: S, input: unknown, rel: string, problems: string[]): v.InferOutput<S> | null {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  problems.push(...formatIssues(rel, result.issues));
  return null;
}
