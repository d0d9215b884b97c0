/**
 * The order test files start in: the slowest first, across all projects, so the workers finish
 * together. Vitest's own order runs each project's files together (browser, then build, then unit)
 * and, without timings from an earlier run (a fresh clone, as in CI), the largest files first; a
 * short file full of slow page visits then starts last and runs alone at the end, a minute or
 * more after the others have finished.
 *
 * A file's expected time is vitest's record of its last run on this machine when there is one,
 * else the figure below, else 0 (files not listed take a few seconds).
 */
import { relative } from 'node:path';
// Types only: the config imports this file, and a build has no use for vitest's node API.
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/** Seconds each file took in a whole `npm test` on a 2-core machine (those of 10 s or more). */
const MEASURED_SECONDS: Record<string, number> = {
  'tests/browser/storage-failures.test.ts': 97,
  'tests/browser/a11y.test.ts': 90,
  'tests/browser/leads.test.ts': 79,
  'tests/browser/portals.test.ts': 62,
  'tests/browser/header.test.ts': 56,
  'src/server/crash.test.ts': 56,
  'tests/browser/runtime.test.ts': 52,
  'tests/browser/blog.test.ts': 49,
  'tests/browser/server-leads.test.ts': 41,
  'tests/browser/foundation.test.ts': 37,
  'tests/browser/html-validity.test.ts': 27,
  'tests/browser/server-posts.test.ts': 27,
  'tests/browser/spacing.test.ts': 23,
  'tests/browser/layout-shift.test.ts': 19,
  'scripts/build-fails.test.ts': 15,
  'tests/browser/faq.test.ts': 10,
  'tests/browser/print.test.ts': 10,
};

export default class SlowestFirst implements TestSequencer {
  constructor(private readonly ctx: Vitest) {}

  /** `vitest --shard` splits the files as vitest's own sequencer does. */
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.ctx).shard(files);
  }

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root } = this.ctx.config;
    const expected = (spec: TestSpecification) => {
      const file = relative(root, spec.moduleId);
      const last = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      return last ? last.duration / 1000 : (MEASURED_SECONDS[file] ?? 0);
    };
    return [...files].sort((a, b) => expected(b) - expected(a));
  }
}
