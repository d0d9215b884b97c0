import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResolvedConfig, TransformResult } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MDX_CACHE_DIR, compilerHash, localModules, mdxPlugin } from './mdx-plugin';

let root = '';
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-mdx-plugin-'));
  fs.mkdirSync(path.join(root, 'node_modules'));
  fs.writeFileSync(path.join(root, 'node_modules/.package-lock.json'), '{"packages":{}}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** The plugin as a build (or the dev server) runs it in the project at `root`. */
function plugin(command: 'build' | 'serve') {
  const made = mdxPlugin(['ar']);
  (made.configResolved as (config: Partial<ResolvedConfig>) => void)({ command, root });
  const transform = made.transform as (this: unknown, value: string, id: string) => Promise<TransformResult>;
  return (value: string, file: string) => transform.call({}, value, path.join(root, file)) as Promise<{ code: string }>;
}

const cached = () => (fs.existsSync(path.join(root, MDX_CACHE_DIR)) ? fs.readdirSync(path.join(root, MDX_CACHE_DIR)) : []);
const ARABIC = 'درجة الرطوبة أقل من 6% في 80-120 شبكة.\n';

describe('the MDX plugin', () => {
  it('compiles a page once and gives the same module from its cache in the next build', async () => {
    const first = await plugin('build')('# Garlic powder\n\nMoisture under 6%.\n', 'content/pages/powder.mdx');
    expect(first.code).toContain('Garlic powder');
    expect(cached()).toHaveLength(1);
    // What the cache holds is what the next build gets, not a compile of its own: a changed entry shows it.
    const [entry] = cached();
    const stored = path.join(root, MDX_CACHE_DIR, entry as string);
    fs.writeFileSync(stored, JSON.stringify({ ...JSON.parse(fs.readFileSync(stored, 'utf8')), code: 'export default "from the cache"' }));
    expect((await plugin('build')('# Garlic powder\n\nMoisture under 6%.\n', 'content/pages/powder.mdx')).code).toBe('export default "from the cache"');
  });

  it('compiles again when the text changes, and keeps a right-to-left page apart from the same text elsewhere', async () => {
    const build = plugin('build');
    await build('# Garlic powder\n', 'content/pages/powder.mdx');
    await build('# Garlic granules\n', 'content/pages/powder.mdx');
    const arabic = await build(ARABIC, 'content/ar/pages/powder.mdx');
    const english = await build(ARABIC, 'content/pages/powder.mdx');
    expect(cached()).toHaveLength(4);
    // The right-to-left folder's figures are isolated left to right; the same text elsewhere is not.
    expect(arabic.code).not.toBe(english.code);
  });

  it('keeps nothing for the dev server or where the installed packages are unknown', async () => {
    await plugin('serve')('# Garlic powder\n', 'content/pages/powder.mdx');
    fs.rmSync(path.join(root, 'node_modules/.package-lock.json'));
    await plugin('build')('# Garlic powder\n', 'content/pages/powder.mdx');
    expect(cached()).toEqual([]);
  });

  it('keys the cache to the options and every module of the project they import', () => {
    const options = path.join(root, 'src/options.ts');
    fs.mkdirSync(path.join(root, 'src/plugins'), { recursive: true });
    fs.writeFileSync(
      options,
      "import remarkGfm from 'remark-gfm';\nimport { figures } from './plugins/figures';\nexport const options = [remarkGfm, figures];\n",
    );
    fs.writeFileSync(path.join(root, 'src/plugins/figures.ts'), "import { runs } from '../runs.ts';\nexport const figures = () => runs;\n");
    fs.writeFileSync(path.join(root, 'src/runs.ts'), 'export const runs = 1;\n');
    expect([...localModules(options)].map((file) => path.relative(root, file)).sort()).toEqual(['src/options.ts', 'src/plugins/figures.ts', 'src/runs.ts']);
    const before = compilerHash(root, options);
    fs.writeFileSync(path.join(root, 'src/runs.ts'), 'export const runs = 2;\n');
    expect(compilerHash(root, options)).not.toBe(before);
    fs.writeFileSync(path.join(root, 'node_modules/.package-lock.json'), '{"packages":{"remark-gfm":{}}}');
    expect(compilerHash(root, options)).not.toBe(before);
  });

  it('names the module and the import it cannot follow', () => {
    const options = path.join(root, 'options.ts');
    fs.writeFileSync(options, "import { gone } from './gone';\n");
    expect(() => localModules(options)).toThrow(/options\.ts imports "\.\/gone", which the MDX cache's key cannot find/);
  });

  it("finds the site's own options and their plugins", () => {
    const names = [...localModules(path.resolve('src/build/content/mdx-options.ts'))].map((file) => path.relative(process.cwd(), file));
    expect(names).toEqual(
      expect.arrayContaining(['src/build/content/rehype-isolate-ltr.ts', 'src/build/content/remark-figure-rows.ts', 'src/shared/i18n/rehype-whole-figures.ts']),
    );
  });
});
