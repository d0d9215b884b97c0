/**
 * The vitest config Stryker runs (`npm run test:mutation`), never `npm test` (vitest reads only
 * vite.config.ts). It is vite.config.ts's, plugins and aliases included, with one project in place
 * of three: the unit tests beside the modules Stryker mutates. Browser tests build the site and the
 * API suites start databases, far too slow to run once per mutant; a mutant only they would catch
 * shows as a survivor, which is what the measure is for.
 */
import { defineConfig } from 'vitest/config';
import base from './vite.config.ts';

export default defineConfig({
  ...base,
  test: {
    include: [
      'src/shared/domain/**/*.test.ts',
      // The content schemas: their own tests, and the loader's that validate content/ with them.
      'src/build/content/schema.test.ts',
      'src/build/content/load.test.ts',
      'src/server/api/*.test.ts',
      'src/server/http/*.test.ts',
      'src/server/rate-limit-memory.test.ts',
    ],
    environment: 'node',
    // Each test file runs in a fresh context and imports the modules afresh (vite.config.ts shares
    // one per worker): the mutant Stryker switched on for one run must not linger in modules a
    // later run reuses, nor decide what they built when they loaded.
    isolate: true,
  },
});
