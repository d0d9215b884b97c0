/**
 * `npm run check:imports` (dependency-cruiser with .dependency-cruiser.cjs) fails on each broken
 * import rule: a small project in a temporary folder breaks every rule once, and the check names
 * each rule and the import that broke it. The real tree passing is `npm run check` itself.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = process.cwd();
const RULES_FILE = path.join(repo, '.dependency-cruiser.cjs');

/** One file per broken rule, each named for the rule it breaks. */
const FILES: Record<string, string> = {
  'src/ui/features/quote/quote.ts': 'export const quote = 1;\n',
  'src/ui/components/Card.ts': "import { quote } from '../features/quote/quote';\nexport const card = quote;\n",
  'src/browser/storage/storage.ts': 'export const KEYS = {};\n',
  'src/shared/domain/lead.ts': "import { KEYS } from '../../browser/storage/storage';\nexport const lead = KEYS;\n",
  'src/server/api.ts': "import { quote } from '../ui/features/quote/quote';\nexport const api = quote;\n",
  'src/lib/view.ts': "import { createElement } from 'react';\nexport const view = createElement;\n",
  'src/server/render.ts': "import { view } from '../lib/view';\nexport const render = view;\n",
  'src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'src/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  'scripts/tool.ts': 'export const tool = 1;\n',
  'src/uses-tool.ts': "import { tool } from '../scripts/tool';\nexport const usesTool = tool;\n",
  'tests/support/fake.ts': 'export const fake = 1;\n',
  'src/lib/remember.ts': "import { KEYS } from '../browser/storage/storage';\nexport const remember = KEYS;\n",
  'src/server/login.ts': "import { remember } from '../lib/remember';\nexport const login = remember;\n",
  'src/shared/storage-keys.ts': 'export const NAMES = {};\n',
  'src/server/head.ts': "import { NAMES } from '../shared/storage-keys';\nexport const head = NAMES;\n",
  'src/browser/runtime/menu.ts': "import { quote } from '../../ui/features/quote/quote';\nexport const menu = quote;\n",
  'src/ui/layouts/Header.ts': 'export const header = 1;\n',
  'src/build/content/load.ts': "import { header } from '../../ui/layouts/Header';\nexport const load = header;\n",
  'src/build/content/pages.ts': "import { KEYS } from '../../browser/storage/storage';\nexport const pages = KEYS;\n",
  'src/browser/storage/banner.ts': "import { header } from '../../ui/layouts/Header';\nexport const banner = header;\n",
  'vite.config.ts': "import { fake } from './tests/support/fake';\nexport default fake;\n",
  'src/build/content/schema.ts': 'export type Language = { code: string };\n',
  'src/shared/format.ts': "import { header } from '../ui/layouts/Header';\nexport const format = header;\n",
  'src/shared/render.ts': "import { createElement } from 'react';\nexport const render = createElement;\n",
  'src/shared/languages.ts': "import type { Language } from '../build/content/schema';\nexport const languages: Language[] = [];\n",
  'src/browser/api/pages.ts': "import { load } from '../../build/content/load';\nexport const pages = load;\n",
  'src/browser/api/portal.ts': "import type { Language } from '../../build/content/schema';\nexport const portal: Language[] = [];\n",
  'src/browser/theme/theme.ts': 'export const theme = 1;\n',
  'src/shared/experiments/registry.ts': 'export const EXPERIMENTS = [];\n',
  'src/server/theme.ts': "import { theme } from '../browser/theme/theme';\nexport const served = theme;\n",
  'src/server/beacon.ts': "import { EXPERIMENTS } from '../shared/experiments/registry';\nexport const beacon = EXPERIMENTS;\n",
};

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-import-rules-'));
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.copyFileSync(RULES_FILE, path.join(dir, '.dependency-cruiser.cjs'));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler' } }));
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// dependency-cruiser runs as a process of its own and reads TypeScript: about 4 s on an idle
// 2-core machine, so vitest's default of 5 s failed it on a loaded one. Sized for a machine
// three times slower, busy with other test files.
describe('the import rules', () => {
  it('fail the check, naming each broken rule and the import that broke it', async () => {
    const bin = path.join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    const failed = await run(process.execPath, [bin, 'src', 'scripts', 'tests', 'vite.config.ts', '--config', '.dependency-cruiser.cjs'], { cwd: dir }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed, 'the check passed a project that breaks every rule').not.toBeNull();
    const report = failed?.stdout ?? '';
    const broken = [...report.matchAll(/error ([\w-]+): (\S+) →\s*(\S+)/g)].map(([, rule, from, to]) => `${rule}: ${from} → ${to}`);
    expect(broken).toEqual(
      expect.arrayContaining([
        'components-not-features: src/ui/components/Card.ts → src/ui/features/quote/quote.ts',
        'domain-without-ui: src/shared/domain/lead.ts → src/browser/storage/storage.ts',
        'server-without-ui: src/server/api.ts → src/ui/features/quote/quote.ts',
        'src-not-scripts: src/uses-tool.ts → scripts/tool.ts',
        'app-not-tests: vite.config.ts → tests/support/fake.ts',
        'runtime-not-features: src/browser/runtime/menu.ts → src/ui/features/quote/quote.ts',
        'content-not-chrome: src/build/content/load.ts → src/ui/layouts/Header.ts',
        'content-not-storage: src/build/content/pages.ts → src/browser/storage/storage.ts',
        'storage-not-chrome: src/browser/storage/banner.ts → src/ui/layouts/Header.ts',
        'shared-runs-everywhere: src/shared/format.ts → src/ui/layouts/Header.ts',
        'browser-not-server-or-build: src/browser/api/pages.ts → src/build/content/load.ts',
        'server-not-browser: src/server/theme.ts → src/browser/theme/theme.ts',
      ]),
    );
    // src/shared/ imports no React; the content's types alone cross into src/shared/ and src/browser/,
    // and the server may read the A/B registry and the storage keys' names (both in src/shared/).
    expect(broken.some((line) => line.startsWith('shared-runs-everywhere: src/shared/render.ts →'))).toBe(true);
    expect(broken.filter((line) => /src\/(shared\/languages|browser\/api\/portal|server\/beacon)\.ts/.test(line))).toEqual([]);
    // The server reaches browser storage through another module; the keys' names are shared code.
    expect(broken.some((line) => line.startsWith('server-without-storage: src/server/login.ts →'))).toBe(true);
    expect(broken.filter((line) => line.includes('src/server/head.ts'))).toEqual([]);
    // A cycle and a reachable import are reported with the path that closes them.
    expect(broken.some((line) => line.startsWith('no-cycle: src/a.ts → src/b.ts') || line.startsWith('no-cycle: src/b.ts → src/a.ts'))).toBe(true);
    expect(broken.some((line) => line.startsWith('server-without-react: src/server/render.ts →'))).toBe(true);
    const rules = new Set(broken.map((line) => line.split(':')[0]));
    const configured = [...fs.readFileSync(RULES_FILE, 'utf8').matchAll(/name: '([\w-]+)'/g)].map((m) => m[1]);
    expect([...rules].sort()).toEqual([...configured].sort());
  });
});
