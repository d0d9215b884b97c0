/**
 * @mdx-js/rollup with the site's options (src/build/content/mdx-options.ts), and, when building, a
 * cache of what it compiled. Compiling MDX is most of the server bundle's work (at 1,000 posts
 * about 12 s of CPU on the one thread that runs every plugin), and a build compiles every post,
 * though between two builds an editor changes a few. The compiled module of each .mdx file is
 * kept in node_modules/.cache/gb-mdx/ under a hash of everything it depends on: the file's text,
 * its path in the project (right-to-left content is compiled differently), the options' code
 * (mdx-options.ts and every module of the project it imports, read when the build starts) and
 * the installed packages (node_modules/.package-lock.json, which npm rewrites with any change).
 * The dev server compiles as before, one file when it is asked for: its output names the file's
 * own path.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mdx from '@mdx-js/rollup';
import type { Plugin, TransformResult } from 'vite';
import { mdxOptions } from '../content/mdx-options.ts';
import { writeWhole } from './write-whole.ts';

export const MDX_CACHE_DIR = 'node_modules/.cache/gb-mdx';

/** Part of every key: change it with any change to what the cache holds. */
const CACHE_FORMAT = 'mdx-module v1';

const OPTIONS_MODULE = fileURLToPath(new URL('../content/mdx-options.ts', import.meta.url));
const RELATIVE_IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'";]*?['"](\.{1,2}\/[^'"]+)['"]/g;

/** `file` and every module of the project it imports, directly or not (relative imports of TypeScript files). */
export function localModules(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
    const base = path.resolve(path.dirname(file), specifier as string);
    const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) =>
      fs.statSync(candidate, { throwIfNoEntry: false })?.isFile(),
    );
    if (!resolved) throw new Error(`${path.relative(process.cwd(), file)} imports "${specifier}", which the MDX cache's key cannot find`);
    localModules(resolved, found);
  }
  return found;
}

/**
 * What every compiled file depends on besides itself, as a hash; null when the installed packages
 * are unknown (nothing is cached then).
 */
export function compilerHash(root: string, optionsModule = OPTIONS_MODULE): string | null {
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (!fs.existsSync(installed)) return null;
  const hash = createHash('sha256').update(CACHE_FORMAT).update(fs.readFileSync(installed));
  for (const file of [...localModules(optionsModule)].sort()) hash.update(`\0${path.relative(root, file)}\0`).update(fs.readFileSync(file));
  return hash.digest('hex');
}

interface Cached {
  code: string;
  map: unknown;
}

/** `rightToLeft`: the codes of the languages written right to left. */
export function mdxPlugin(rightToLeft: readonly string[]): Plugin {
  const compiler = mdx(mdxOptions(rightToLeft)) as Plugin;
  const compile = compiler.transform as (this: unknown, value: string, id: string) => Promise<TransformResult | undefined>;
  let cache: { dir: string; root: string; compiler: string } | null = null;
  return {
    ...compiler,
    enforce: 'pre',
    configResolved(config) {
      const hash = config.command === 'build' ? compilerHash(config.root) : null;
      cache = hash ? { dir: path.join(config.root, MDX_CACHE_DIR), root: config.root, compiler: hash } : null;
    },
    async transform(value, id) {
      const file = id.split('?')[0] as string;
      if (!cache || !file.endsWith('.mdx')) return compile.call(this, value, id);
      const key = createHash('sha256')
        .update(cache.compiler)
        .update(`\0${path.relative(cache.root, file)}\0`)
        .update(value)
        .digest('hex');
      const stored = path.join(cache.dir, `${key}.json`);
      try {
        const { code, map } = JSON.parse(fs.readFileSync(stored, 'utf8')) as Cached;
        // The map names the file it maps: this one, wherever the project is.
        return { code, map: map && typeof map === 'object' ? { ...map, file } : map } as TransformResult;
      } catch {
        // Not compiled yet (or removed meanwhile): compiled now.
      }
      const compiled = await compile.call(this, value, id);
      if (!compiled || typeof compiled !== 'object') return compiled;
      fs.mkdirSync(cache.dir, { recursive: true });
      // Written whole: another build on the same checkout never reads half a file.
      writeWhole(stored, JSON.stringify({ code: compiled.code, map: compiled.map } satisfies Cached));
      return compiled;
    },
  };
}
