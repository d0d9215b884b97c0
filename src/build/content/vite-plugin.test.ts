/** The generated content modules a language's island imports: one language's FAQ entries alone, and which saves reach them. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from './load.ts';
import { contentPlugin, isGeneratedModule, modulesReading } from './vite-plugin.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** The plugin's hooks as Vite calls them, on the project's content. */
function hooks() {
  const plugin = contentPlugin() as unknown as {
    configResolved(config: { root: string; command: 'build' }): void;
    resolveId(id: string): string | undefined;
    load(id: string): string | undefined;
  };
  plugin.configResolved({ root: ROOT, command: 'build' });
  return plugin;
}

/** The data a generated module exports. */
const exported = (code: string | undefined) => JSON.parse((code ?? '').replace(/^export default /, '').replace(/;$/, '')) as unknown;

describe('virtual:content/faq/<code>', () => {
  const content = loadContent(ROOT);
  const byLanguage: Record<string, unknown> = { en: content.faq, ...Object.fromEntries(content.translations.map((t) => [t.language.code, t.faq])) };

  it.each(['en', 'de', 'ar'])('holds the %s entries alone, as virtual:content/faq has them for that language', (code) => {
    const plugin = hooks();
    const id = plugin.resolveId(`virtual:content/faq/${code}`);
    expect(id).toBe(`\0virtual:content/faq/${code}`);
    const entries = exported(plugin.load(id as string)) as { id: string; question: string }[];
    expect(entries.length).toBeGreaterThan(30);
    const all = exported(plugin.load(plugin.resolveId('virtual:content/faq') as string)) as Record<string, { question: string }[]>;
    expect(entries.map((entry) => entry.question)).toEqual(all[code]?.map((entry) => entry.question));
    expect(Object.keys(all).sort()).toEqual(Object.keys(byLanguage).sort());
  });

  it('fails for a language the site does not have, naming those it has', () => {
    const plugin = hooks();
    expect(() => plugin.load(plugin.resolveId('virtual:content/faq/fr') as string)).toThrow(
      "virtual:content/faq/fr: no such language; the site's languages are en, de, ar",
    );
    // Other generated modules have no part per language.
    expect(plugin.resolveId('virtual:content/facts/de')).toBeUndefined();
  });

  it('is recompiled with virtual:content/faq: by a save of an FAQ entry in any language, or of content/facts.yaml', () => {
    for (const file of ['content/faq/heavy-metals.md', 'content/de/faq/heavy-metals.md', 'content/facts.yaml']) expect(modulesReading(file, 'update')).toContain('virtual:content/faq');
    // As the dev server's module graph and its runner name the modules.
    for (const id of ['\0virtual:content/faq', '\0virtual:content/faq/de', '/@id/__x00__virtual:content/faq/ar']) expect(isGeneratedModule(id, 'virtual:content/faq'), id).toBe(true);
    for (const id of ['\0virtual:content/facts', '\0virtual:content/facts/de', '/src/ui/features/faq/FaqBrowser.tsx']) expect(isGeneratedModule(id, 'virtual:content/faq'), id).toBe(false);
  });
});
