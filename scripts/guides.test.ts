/**
 * The README and the folder guides. The README stays short enough to read first and starts with
 * the two commands; every guide it points to exists; and every repository path a guide names, in
 * backticks or as a link, exists, so a file moved or renamed fails here instead of in a reader's
 * search. The tests guide's table of surviving mutants names each mutant's line, and the code it
 * quotes is on that line, so a line number left behind when the code moves fails here too.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The README and the guides beside what they describe. */
const GUIDES = ['README.md', 'content/README.md', 'src/server/README.md', 'src/build/pipeline/README.md', 'tests/README.md'];

/** Folders a build, the server or a tool creates when it runs: named in the guides, never in a checkout. */
const MADE_AT_RUN_TIME = ['dist/', 'data/', 'node_modules/', 'reports/', '.stryker-tmp/'];
/** Folders an editor makes with the first file of their kind (the first photo). */
const MADE_BY_EDITORS = ['content/photos/'];
/** git's own folder: a file, not a folder, in a `git worktree` checkout, and absent from an archive of the tree. */
const GIT_OWN = ['.git/'];

/**
 * The repository paths a guide names: backticked text and link targets that look like a path
 * (a slash, and a file extension or a trailing slash). Fenced code, addresses (`/api/leads`,
 * `https://…`), package names (`@scope/name`), globs, placeholders (`<code>`), ellipses and
 * file:line suffixes are left out or trimmed.
 */
export function namedPaths(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '');
  const backticked = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? '');
  const linked = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => (match[1] ?? '').replace(/#.*$/, ''));
  const paths = [...backticked, ...linked]
    .map((text) => text.replace(/:\d[\d, ]*$/, ''))
    .filter((text) => text !== '' && !/\s/.test(text) && !text.includes('://') && !text.startsWith('mailto:'))
    .filter((text) => !/^[/@~]/.test(text) && !/[<>*{}$…|?=]/.test(text))
    .filter((text) => text.includes('/') && (text.endsWith('/') || /\.[a-z][a-z0-9]*$/i.test(text)));
  return [...new Set(paths)];
}

/** Whether a path a guide names is in the repository, from its root or from the guide's folder. */
function exists(guide: string, named: string): boolean {
  if ([...MADE_AT_RUN_TIME, ...MADE_BY_EDITORS, ...GIT_OWN].some((folder) => named.startsWith(folder))) return true;
  return existsSync(path.join(ROOT, named)) || existsSync(path.join(ROOT, path.dirname(guide), named));
}

function read(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

/** A row of the tests guide's table of surviving mutants: the file and line(s) it names, and its Mutant column. */
interface MutantRow {
  /** The first column as written: `src/server/http/json.ts:28`. */
  at: string;
  file: string;
  lines: number[];
  mutant: string;
}

/** The rows of the mutants table: those that start with a backticked `src/…:line` (or `:line, line`). */
function mutantRows(markdown: string): MutantRow[] {
  return markdown.split('\n').flatMap((row) => {
    const match = /^\|\s*`(src\/[^`:]+):(\d+(?:,\s*\d+)*)`\s*\|((?:[^|\\]|\\.)*)\|/.exec(row);
    if (!match) return [];
    const [, file = '', lines = '', mutant = ''] = match;
    return [{ at: `${file}:${lines}`, file, lines: lines.split(',').map(Number), mutant: mutant.trim().replaceAll('\\|', '|') }];
  });
}

/**
 * The code a Mutant column quotes: its backticked snippets before ` as `, the code as it is (what
 * follows is the mutated form, a `true` or a `<=` that may be on any line). "`x < 0` as `x <= 0`"
 * quotes `x < 0`; "the month check … as `true`" quotes nothing.
 */
function quotedCode(mutant: string): string[] {
  const original = mutant.split(' as ')[0] ?? '';
  return [...original.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
}

/** The lines (from 1) a snippet is on. */
function linesWith(source: string, snippet: string): number[] {
  return source.split('\n').flatMap((line, index) => (line.includes(snippet) ? [index + 1] : []));
}

describe('the README', () => {
  it('is at most 350 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(350);
  });

  it('gives the two commands in its first 40 lines', () => {
    const firstScreen = read('README.md').split('\n').slice(0, 40).join('\n');
    expect(firstScreen).toContain('npm install && npm start');
    expect(firstScreen).toContain('npm install && npm test');
  });

  it('links every guide', () => {
    const readme = read('README.md');
    for (const guide of GUIDES.slice(1)) expect(readme).toContain(`](${guide})`);
  });
});

describe('the guides', () => {
  it.each(GUIDES)('%s exists', (guide) => {
    expect(existsSync(path.join(ROOT, guide))).toBe(true);
  });

  it('name only paths that exist', () => {
    const missing = GUIDES.filter((guide) => existsSync(path.join(ROOT, guide))).flatMap((guide) =>
      namedPaths(read(guide))
        .filter((named) => !exists(guide, named))
        .map((named) => `${guide}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the paths a guide names', () => {
  it('are the backticked paths and link targets, without globs, placeholders, addresses or packages', () => {
    const markdown = [
      'The server (`src/server/main.ts`, `src/server/db/`) and [the content guide](content/README.md#pages).',
      'Not paths: `content/<code>/pages/`, `content/pages/**/*.mdx`, `/api/leads`, `@sparticuz/chromium`,',
      '`text/plain`, `npm run host:nginx -- --brotli`, [a site](https://example.com/a.ts), `…/x.ts`.',
      'A mutant at `src/shared/domain/ab-stats.ts:88`.',
      '```sh',
      'tar -xzf `data/backups/x.tar.gz`',
      '```',
    ].join('\n');
    expect(namedPaths(markdown)).toEqual(['src/server/main.ts', 'src/server/db/', 'src/shared/domain/ab-stats.ts', 'content/README.md']);
  });

  it('find a typo', () => {
    expect(namedPaths('See `src/server/mian.ts`.').filter((named) => !exists('README.md', named))).toEqual(['src/server/mian.ts']);
  });
});

describe('the mutants table of the tests guide', () => {
  const rows = mutantRows(read('tests/README.md'));

  it('has its rows read', () => {
    expect(rows.length).toBeGreaterThan(30);
  });

  it.for(rows)('$at names the line of the code it quotes', (row) => {
    expect(existsSync(path.join(ROOT, row.file)), `${row.file} does not exist`).toBe(true);
    const source = read(row.file);
    // The first quoted snippet that is in the file; a row that quotes none (prose, or a text in
    // another form) still names lines the file has.
    const code = quotedCode(row.mutant).find((snippet) => source.includes(snippet));
    if (code === undefined) {
      const length = source.split('\n').length;
      expect(
        row.lines.filter((line) => line < 1 || line > length),
        `${row.at}: ${row.file} has ${length} lines`,
      ).toEqual([]);
      return;
    }
    const found = linesWith(source, code);
    expect(
      row.lines.filter((line) => !found.includes(line)),
      `${row.at}: \`${code}\` is on line ${found.join(', ')} of ${row.file}`,
    ).toEqual([]);
  });
});

describe('the mutants table rows', () => {
  it('are the rows that start with a source file and its lines, with escaped pipes read as pipes', () => {
    const markdown = [
      '| File:line | Mutant | Why |',
      '| --------- | ------ | --- |',
      '| `src/a.ts:12`     | `x < 0` as `x <= 0`          | Only zero |',
      '| `src/b.ts:3, 40`  | `a && b` as `a \\|\\| b`       | Never both |',
      '| Lead body checks  | 97.3 %                       | 319 |',
    ].join('\n');
    expect(mutantRows(markdown)).toEqual([
      { at: 'src/a.ts:12', file: 'src/a.ts', lines: [12], mutant: '`x < 0` as `x <= 0`' },
      { at: 'src/b.ts:3, 40', file: 'src/b.ts', lines: [3, 40], mutant: '`a && b` as `a || b`' },
    ]);
  });

  it('quote the code before its mutated form', () => {
    expect(quotedCode('`x < 0` as `x <= 0`')).toEqual(['x < 0']);
    expect(quotedCode('`^` or `$` dropped from `/^a$/`')).toEqual(['^', '$', '/^a$/']);
    expect(quotedCode('the month check, or the day check, as `true`')).toEqual([]);
    expect(quotedCode('ten changes to when the consumed front is cut off')).toEqual([]);
  });
});
