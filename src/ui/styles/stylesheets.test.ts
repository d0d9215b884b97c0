/**
 * The stylesheets as a whole: every feature sheet in src/ui/styles/pages/ is one the pages can
 * inline, in the folder's order (each name led by its two-digit place, a new sheet taking its place
 * by its name), and no rule says the same thing twice (a selector setting a property to the value
 * it already has elsewhere in the same sheet and media context: one copy goes stale when the other
 * is edited).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_SHEETS, ISLAND_SHEETS, featureSheets } from '@/build/pipeline/page-styles';

const STYLES = 'src/ui/styles';
const PAGES = `${STYLES}/pages`;
const sheets = fs
  .readdirSync(STYLES, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.css'))
  .map((file) => path.posix.join(STYLES, file.split(path.sep).join('/')));

/** Each declaration of a sheet: `context || selector || property: value`, with the line of its rule. */
export function declarations(css: string): { key: string; line: number }[] {
  const out: { key: string; line: number }[] = [];
  const stack: { prelude: string; line: number }[] = [];
  let text = '';
  let line = 1;
  const source = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  for (const ch of source) {
    if (ch === '\n') line++;
    if (ch === '{') {
      stack.push({ prelude: text.trim().replace(/\s+/g, ' '), line });
      text = '';
    } else if (ch === '}' || ch === ';') {
      const rule = stack.at(-1);
      const declaration = /^([-\w]+)\s*:\s*([\s\S]+)$/.exec(text.trim());
      if (rule && declaration && !rule.prelude.startsWith('@') && !/^(from|to|[\d.]+%)/.test(rule.prelude)) {
        const context = stack
          .slice(0, -1)
          .map((r) => r.prelude)
          .join(' ');
        for (const selector of rule.prelude.split(','))
          out.push({ key: `${context} || ${selector.trim()} || ${declaration[1]}: ${declaration[2].replace(/\s+/g, ' ')}`, line: rule.line });
      }
      if (ch === '}') stack.pop();
      text = '';
    } else text += ch;
  }
  return out;
}

describe('the stylesheets', () => {
  it('list every sheet in src/ui/styles/pages/ as a feature sheet, in the order of their sorted paths, and islands ask only for those', () => {
    expect(FEATURE_SHEETS).toEqual(sheets.filter((file) => file.startsWith(`${PAGES}/`)).sort());
    for (const needed of Object.values(ISLAND_SHEETS).flat()) expect(FEATURE_SHEETS).toContain(needed);
  });

  it('name each file and folder in src/ui/styles/pages/ with a two-digit place of its own, so the numbers decide the order', () => {
    const names = fs.readdirSync(PAGES, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'));
    expect(names.filter((name) => !/^\d\d-[a-z0-9-]+(\.css)?$/.test(path.posix.basename(name)))).toEqual([]);
    const places = names.map((name) => path.posix.join(path.posix.dirname(name), path.posix.basename(name).slice(0, 2)));
    expect(places.filter((place, i) => places.indexOf(place) !== i)).toEqual([]);
  });

  it('take a new sheet dropped in the folder at its sorted place, with no list to edit', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-feature-sheets-'));
    try {
      fs.cpSync(PAGES, path.join(root, PAGES), { recursive: true });
      const added = `${PAGES}/08-admin/12-reports.css`;
      fs.writeFileSync(path.join(root, added), '.reports{gap:0}');
      const found = featureSheets(root);
      expect(found.filter((file) => file !== added)).toEqual(FEATURE_SHEETS);
      // After every sheet of the admin's folder, before the next sheet of the folder around it.
      const at = found.indexOf(added);
      expect(found.slice(at - 1, at + 2)).toEqual([`${PAGES}/08-admin/11-post-cover.css`, added, `${PAGES}/09-experiments.css`]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('find a repeated declaration with its lines', () => {
    const found = declarations('.a{color:red}\n@media (x){.a{color:red}}\n.b,.a{color: red}');
    expect(found.filter((d) => d.key === ' || .a || color: red').map((d) => d.line)).toEqual([1, 3]);
  });

  it.each(sheets)('%s sets no property of a selector twice to the same value', (file) => {
    const lines = new Map<string, number[]>();
    for (const { key, line } of declarations(fs.readFileSync(file, 'utf8'))) lines.set(key, [...(lines.get(key) ?? []), line]);
    expect([...lines].filter(([, at]) => at.length > 1).map(([key, at]) => `${key} (lines ${at.join(', ')})`)).toEqual([]);
  });

  // Paper takes the light theme: a dark rule outside `@media screen` prints a dark band, dimmed
  // photos or night-time chart colours on a page printed while the dark theme is on.
  it.each(sheets)('%s keeps the dark theme to screens', (file) => {
    const dark = declarations(fs.readFileSync(file, 'utf8')).filter(({ key }) => key.split(' || ')[1].includes("[data-theme='dark']"));
    expect(dark.filter(({ key }) => !key.split(' || ')[0].includes('@media screen')).map(({ key, line }) => `line ${line}: ${key}`)).toEqual([]);
  });
});
