import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';
import Pages from 'vite-plugin-pages';
import { DIST_DIR, SSR_DIR } from './src/build/pipeline/build-paths.ts';
import { BASE_SHEET, FEATURE_SHEETS, FOOTER_SHEET, PRINT_SHEET } from './src/build/pipeline/page-styles.ts';
import { credentialsPlugin } from './src/build/credentials/credentials-plugin.ts';
import { GATE_CHUNK, GATE_FILE } from './src/build/credentials/gate-file.ts';
import { contentPlugin } from './src/build/content/vite-plugin.ts';
import { readSiteConfig } from './src/build/content/load.ts';
import { mdxPlugin } from './src/build/pipeline/mdx-plugin.ts';
import { photosPlugin } from './src/build/pipeline/photos/vite-plugin.ts';
import { pageResolver } from './src/ui/router/page-resolver.ts';
import { devServer } from './src/build/pipeline/dev-server.ts';
import { devFileAccess } from './src/build/pipeline/dev-files.ts';
import { INIT_SCRIPTS } from './src/build/pipeline/head-scripts.ts';
import { parseSampleRate } from './src/shared/domain/field-vitals.ts';

/**
 * The order test files start in: the files of one project together, the project whose files take
 * longest on average first (the many short unit files fill the end), and within each the slowest
 * first, so the workers finish together. Together because of
 * how vitest reuses a worker when isolation is off: a worker goes on to the next file only if that
 * file belongs to the same project; otherwise the worker is ended and a new one started, which
 * imports everything again (with the projects' files interleaved, a third of the run went on that).
 * Vitest's own order runs each project's files together and, without timings from an earlier run
 * (a fresh clone, as in CI), the largest files first; a short file full of slow page visits would
 * then start last and run alone at the end. A file's expected time is the longer of vitest's
 * record of its last run and the seconds measured on a 2-core machine in tests/file-seconds.json
 * (read as data when the tests start, so the build loads nothing of tests/): a last run of the file
 * alone, on an idle machine, must not send a file that takes a minute in the full suite to the end.
 */
class SlowestFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  /** `vitest --shard` splits the files as vitest's own sequencer does. */
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root } = this.ctx.config;
    const measured = JSON.parse(fs.readFileSync(path.join(root, 'tests/file-seconds.json'), 'utf8')) as Record<string, number>;
    const expected = new Map(
      files.map((spec) => {
        const file = path.relative(root, spec.moduleId);
        const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
        return [spec, Math.max(last ? last.duration / 1000 : 0, measured[file] ?? 0)];
      }),
    );
    const seconds = (spec: TestSpecification) => expected.get(spec) ?? 0;
    const totals = new Map<string, { seconds: number; files: number }>();
    for (const spec of files) {
      const total = totals.get(spec.project.name) ?? { seconds: 0, files: 0 };
      totals.set(spec.project.name, { seconds: total.seconds + seconds(spec), files: total.files + 1 });
    }
    const average = new Map([...totals].map(([name, total]) => [name, total.seconds / total.files]));
    const project = (spec: TestSpecification) => average.get(spec.project.name) ?? 0;
    return [...files].sort((a, b) => project(b) - project(a) || a.project.name.localeCompare(b.project.name) || seconds(b) - seconds(a));
  }
}

/** Tests outside tests/browser/ that start the site's builds, server or commands as processes of their own. */
const SYSTEM_TESTS = [
  'scripts/build-fails.test.ts',
  'scripts/photos-build.test.ts',
  'scripts/npm-start.test.ts',
  'scripts/serve.test.ts',
  'scripts/admin-accounts.test.ts',
  'scripts/db-backup.test.ts',
  'src/server/crash.test.ts',
  'src/server/notify/crash.test.ts',
  'src/server/notify/outbox.postgres.test.ts',
  'src/server/concurrent-edits.postgres.test.ts',
  'src/server/search/posts-two-servers.postgres.test.ts',
];

const LANGUAGES = readSiteConfig(process.cwd(), [])?.languages ?? [];
const RIGHT_TO_LEFT = LANGUAGES.filter((language) => language.dir === 'rtl').map((language) => language.code);

/**
 * One build, two environments: `client` is the browser's entry script and the islands (no page
 * code: pages are HTML); `ssr` renders every page for scripts/prerender.ts. `npm run build`
 * (scripts/build.ts) builds both at once, then pre-renders.
 */
export default defineConfig({
  plugins: [
    // Validates content/ and swaps MDX frontmatter for `export const meta`; must run before MDX.
    contentPlugin(),
    // content/photos/: the pages' list of photos, and their AVIF and WebP variants.
    photosPlugin(),
    // Admin and investor credentials from the environment, shipped only as salted PBKDF2 hashes.
    credentialsPlugin(),
    // Every .mdx file compiled with the site's options; when building, kept in a cache.
    mdxPlugin(RIGHT_TO_LEFT),
    react({ include: /\.(mdx|tsx|ts)$/ }),
    Pages({
      dirs: [
        { dir: 'content/pages', baseRoute: '' },
        { dir: 'src/ui/pages', baseRoute: '' },
        // Every other language's pages, under its prefix (content/de/pages/about.mdx is /de/about).
        ...LANGUAGES.slice(1).map(({ code }) => ({ dir: `content/${code}/pages`, baseRoute: code })),
      ],
      extensions: ['mdx', 'tsx'],
      exclude: ['**/*.test.tsx'],
      importMode: 'async',
      resolver: pageResolver(),
    }),
    // `npm run dev`: every page rendered as the build renders it, and /api.
    devServer(),
    {
      // Theme, A/B variant and portal sign-in are applied by inline scripts before the body
      // paints (no flash).
      name: 'head-scripts',
      transformIndexHtml: () => INIT_SCRIPTS.map((children) => ({ tag: 'script', children, injectTo: 'head-prepend' as const })),
    },
  ],
  // Pages are answered by the dev server plugin, not by Vite's index.html fallback.
  appType: 'custom',
  server: {
    // The site's sources and nothing else of the project: not the dev database, the investor
    // portal's copy or the project's other files (src/build/pipeline/dev-files.ts).
    fs: devFileAccess(process.cwd(), process.env.DATA_DIR),
    // A save is one change, however the editor writes it: most editors empty the file, then write
    // it, and on a busy machine the watcher saw the two apart: the page reloaded twice, the first
    // time into the overlay of an empty file ("title: required field is missing"), and the second
    // reload could come seconds later into a page the editor had gone on to. The watcher reports a
    // file once its size has held still for 50 ms (a save reaches the page 50 ms later).
    watch: { awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 } },
  },
  // A dev server on a copy of the project keeps its pre-bundled dependencies apart, so it never
  // invalidates those of a dev server running on the checkout (the copy links node_modules/).
  cacheDir: process.env.GB_VITE_CACHE_DIR || undefined,
  // '@content' follows the project being built (cwd), so a copy with other content builds its own.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@content': path.resolve('content') } },
  // Loaded on demand by stored blog posts; pre-bundled so the dev server does not reload mid-session.
  optimizeDeps: { include: ['react-markdown', 'remark-gfm', 'unified', 'remark-parse', 'remark-stringify'] },
  // Where lead forms POST. Read from the process environment only, like the CSP's connect-src in
  // scripts/prerender.ts, so the two always agree; nothing else from the environment is exposed.
  // VITALS_SAMPLE_RATE: the share of page views that send their web vitals to the site's server
  // (0 to 1, default 1); a value out of range fails the build.
  define: {
    'import.meta.env.LEAD_ENDPOINT': JSON.stringify(process.env.LEAD_ENDPOINT ?? ''),
    'import.meta.env.VITALS_SAMPLE_RATE': JSON.stringify(parseSampleRate(process.env.VITALS_SAMPLE_RATE)),
  },
  // scripts/build.ts prints the time of each part; rolldown's own warning about slow plugin
  // callbacks would appear only when the machine is busy, so the build's output would depend on
  // the load (and a quiet build is tested).
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  environments: {
    client: {
      build: {
        outDir: DIST_DIR,
        emptyOutDir: true,
        manifest: true,
        // The stylesheets are built on their own (page-styles.ts): the pre-render inlines the base sheet
        // in every page and each feature sheet only in the pages that use it.
        rolldownOptions: {
          input: ['index.html', BASE_SHEET, ...FEATURE_SHEETS, PRINT_SHEET, FOOTER_SHEET],
          // The gate's pairs, salted anew by each build, in a file whose name never changes (gate-file.ts).
          output: {
            codeSplitting: { groups: [{ name: GATE_CHUNK, test: /virtual:credentials/ }] },
            chunkFileNames: (chunk) => (chunk.name === GATE_CHUNK ? GATE_FILE : 'assets/[name]-[hash].js'),
          },
        },
      },
    },
    ssr: {
      build: {
        outDir: SSR_DIR,
        emptyOutDir: true,
        ssr: 'src/ui/entry-server.tsx',
        // One file, with every post's module inside: the pre-render renders every post, and as a
        // chunk of its own each post was a module load of its own, one after another (through
        // tsx's loader hooks, which the build runs under), while the pre-render waited (at 1,000
        // posts, 10-14 s of pre-render instead of 4-6). Every post in one shared chunk helped little
        // (7-15 s): each post's import() of that chunk still went through the hooks. The cost is
        // the server of `npm start`, which imports the whole file though it renders only the
        // posts added in the admin: 13-19 MB more resident memory with this site's content.
        rolldownOptions: { output: { codeSplitting: false } },
      },
    },
  },
  test: {
    // Eight test files at a time, in every project (one value, so the projects share one pool and a
    // unit file can run beside a browser file). The files spend much of their time waiting (on a
    // server starting, an e-mail, a page), and beside other busy processes the suite's share of the
    // two cores grows with the number of its processes at work. Beside two CPU-burning processes
    // (2026-11-26): 503 s with four, 426 s with six, 406 s with eight; later, with servers that
    // start faster, 375 s with six, 365 s with eight and 364 s with ten. Each worker has its own
    // browser; the lead catcher keeps the files' submissions apart.
    maxWorkers: 8,
    // WebAssembly (PGlite, in the store and server tests) on V8's baseline compiler only: a database
    // here lives for one file, too short for the optimising compiler's second compilation of its
    // module to pay off (about 8 s less CPU for the unit tests). And a worker ends itself when the
    // run that started it is gone: after Ctrl-C or a killed run, vitest's workers lived on, idle,
    // and their files' clean-up never ran (tests/support/exit-with-parent.mjs).
    execArgv: ['--liftoff-only', `--import=${new URL('./tests/support/exit-with-parent.mjs', import.meta.url).href}`],
    sequence: { sequencer: SlowestFirst },
    // vitest's own limits (5 s a test, 10 s a hook) failed dozens of unit tests that open a PGlite
    // database or start a process, on a 2-core machine busy with other work: a limit is a safety
    // net for a test that hangs, sized so a machine three times slower than a busy one passes. One
    // limit per project; a test sets its own only to be longer (a test's own shorter limit was the
    // one a loaded machine hit).
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // expect.poll waits for what a page or a server does by itself, with the same safety net as the
    // browser tests' EVENT_WAIT_MS; vitest's own limit (1 s) failed a form's error summary that took
    // longer to appear beside seven other test files.
    expect: { poll: { timeout: 60_000 } },
    // A worker runs file after file without re-importing the shared modules for each (a fresh
    // module graph per file cost more CPU than many of the tests). No test file mocks a module
    // another file uses or leaves a global stubbed: each restores what it changed.
    isolate: false,
    projects: [
      // `npm run test:unit`: under three minutes, no build, no browser.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/support/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SYSTEM_TESTS],
          environment: 'node',
        },
      },
      // The site as it runs: in Chromium (tests/browser/), and as processes of its own (builds,
      // `npm start`, the server's commands, crashed and restarted servers). One project, so a worker
      // goes from a browser file to one of these without being ended and started again, and they
      // run among the browser files instead of after them.
      {
        extends: true,
        test: {
          name: 'system',
          include: ['tests/browser/**/*.test.ts', ...SYSTEM_TESTS],
          globalSetup: ['tests/browser/global-setup.ts'],
          // Safety nets, never what a test waits for: the longest tests here take 20-50 s alone and
          // up to 150 s beside seven other files on a 2-core machine, a beforeAll that waits for the
          // server-mode build up to its own 300 s (support/server-build.ts); a machine three times
          // slower must pass, so a limit hit is a test that hangs, not a slow machine.
          testTimeout: 450_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
