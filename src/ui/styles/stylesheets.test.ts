/**
 * The stylesheets as a whole: every feature sheet in src/ui/styles/pages/ is one the pages can
 * inline, and no rule says the same thing twice (a selector setting a property to the value it
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
