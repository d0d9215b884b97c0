/**
 * The stylesheets as a whole: every feature sheet in src/ui/styles/pages/ is one the pages can
 * inline, every sheet keeps all its rules in one cascade layer of the order the base sheet
 * declares, and no rule says the same thing twice (a selector setting a property to the value it
 * already has elsewhere in the same sheet and media context: one copy goes stale when the other
 * is edited).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_SHEETS, ISLAND_SHEETS } from '@/build/pipeline/page-styles';

const STYLES = 'src/ui/styles';
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

/**
 * What a sheet holds at its top level, comments left out: its @import and @layer statements and
 * its blocks, each by its prelude (`@layer pages`, `.card`, `@media (…)`).
 */
export function topLevel(css: string): { statements: string[]; blocks: string[] } {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const statements: string[] = [];
  const blocks: string[] = [];
  let depth = 0;
  let text = '';
  for (const ch of source) {
    if (ch === '{') {
      if (depth++ === 0) blocks.push(text.trim().replace(/\s+/g, ' '));
      text = '';
    } else if (ch === '}') {
      depth--;
      text = '';
    } else if (ch === ';' && depth === 0) {
      statements.push(text.trim().replace(/\s+/g, ' '));
      text = '';
    } else if (depth === 0) text += ch;
  }
  return { statements, blocks };
}

/** The layers the base sheet declares, in order: its one `@layer a, b, …;` statement. */
function declaredLayers(): string[] {
  const statements = topLevel(fs.readFileSync(`${STYLES}/base/site.css`, 'utf8')).statements.filter((s) => s.startsWith('@layer '));
  expect(statements).toHaveLength(1);
  return statements[0]
    .slice('@layer '.length)
    .split(',')
    .map((name) => name.trim());
}

/** The layer a sheet's folder puts it in; the sheets in pages/ choose among the layers between base and script. */
function layersFor(file: string, declared: string[]): string[] {
  const folder = file.slice(STYLES.length + 1).split('/')[0];
  if (folder === 'pages') return declared.slice(declared.indexOf('base') + 1, declared.indexOf('script'));
  return [folder];
}

describe('the cascade layers', () => {
  it('read a sheet’s top level', () => {
    expect(topLevel("/* a; {b} */@layer x, y;@import './f.css';@layer x { .a { color: red } @media (y) { .b { margin: 0 } } }.c{}")).toEqual({
      statements: ['@layer x, y', "@import './f.css'"],
      blocks: ['@layer x', '.c'],
    });
  });

  it('are declared once, first in the base sheet, from base to print', () => {
    const declared = declaredLayers();
    expect(declared[0]).toBe('base');
    expect(declared.slice(-2)).toEqual(['script', 'print']);
    expect(new Set(declared).size).toBe(declared.length);
    // Before anything else of the sheet every page inlines first (an @import may follow it; nothing may precede it).
    expect(topLevel(fs.readFileSync(`${STYLES}/base/site.css`, 'utf8')).statements[0]).toMatch(/^@layer /);
  });

  it.each(sheets)('%s keeps all its rules in one layer of that order, the one its folder gives', (file) => {
    const { statements, blocks } = topLevel(fs.readFileSync(file, 'utf8'));
    const declared = declaredLayers();
    // Only imports (and the base sheet's declaration) outside the block.
    for (const statement of statements) expect(statement, file).toMatch(file === `${STYLES}/base/site.css` ? /^@(import|layer) / : /^@import /);
    if (!blocks.length) {
      // A sheet of imports only (the print sheet): its parts hold the rules.
      expect(statements.length).toBeGreaterThan(0);
      return;
    }
    expect(blocks).toHaveLength(1);
    const layer = /^@layer ([\w-]+)$/.exec(blocks[0])?.[1];
    expect(layersFor(file, declared), `${file}: ${blocks[0]}`).toContain(layer);
  });
});

describe('the stylesheets', () => {
  it('list every sheet in src/ui/styles/pages/ as a feature sheet, and islands ask only for those', () => {
    expect([...FEATURE_SHEETS].sort()).toEqual(sheets.filter((file) => file.startsWith(`${STYLES}/pages/`)).sort());
    for (const needed of Object.values(ISLAND_SHEETS).flat()) expect(FEATURE_SHEETS).toContain(needed);
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
});
