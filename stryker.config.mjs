// @ts-check
/**
 * Mutation testing (`npm run test:mutation`, see the README's Mutation testing): StrykerJS changes
 * the code under `mutate` one small edit at a time and runs the unit tests that cover each edit; a
 * mutant no test notices is a gap in the tests, or an edit that cannot change behaviour.
 * `npx stryker run --mutate src/shared/domain/csv.ts` measures one file.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker.vitest.config.ts', related: true },
  // Each mutant runs only the tests that executed its code in the first, unmutated run.
  coverageAnalysis: 'perTest',
  mutate: [
    'src/shared/domain/**/*.ts',
    '!src/shared/domain/**/*.test.ts',
    'src/server/api/lead-body.ts',
    'src/server/api/lead-query.ts',
    'src/server/http/*.ts',
    '!src/server/http/*.test.ts',
    // The database's limiter (rate-limit.ts) is tested against PGlite and PostgreSQL, seconds per run.
    'src/server/rate-limit-memory.ts',
    'src/build/content/schema.ts',
  ],
  // A static mutant changes what a module builds as it loads (the words of a message in a schema,
  // a constant), so Stryker cannot tell which tests reach it and would re-run every test file that
  // imports it, with fresh modules, for each one: Stryker estimated the 606 of them at 99 % of the
  // run's time. They are left out of the score; the README says which kinds they are.
  ignoreStatic: true,
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { logTests: false },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // Stryker rewrites the tsconfig's relative `extends` and `references` for its sandbox copy with
  // the typescript package's JavaScript API, which TypeScript 7 no longer has (it fails at start).
  // tsconfig.json has neither, so the sandbox needs no rewrite: point it at a file that is not there.
  tsconfigFile: 'tsconfig.stryker-skips-this.json',
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 80, break: null },
};
