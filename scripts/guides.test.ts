/**
 * The README and the folder guides. The README stays short enough to read first and starts with
 * the two commands; every guide it points to exists; and every repository path a guide names, in
 * backticks or as a link, exists, so a file moved or renamed fails here instead of in a reader's
 * search.
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
