/**
 * What `npm start`'s build prints on a clean checkout without a lead endpoint: the lead-endpoint
 * notice once, then one line of timings, and nothing else (a real error must never sit among
 * routine warnings). No credential notice: a build for the server reads no static gate's secrets,
 * whatever is set. Read from the run's server-mode build, which is exactly that build
 * (support/server-build.ts); the static gate's notice is the credentials plugin's unit test's.
 */
import { expect, inject, it } from 'vitest';
import { serverBuildOutput } from './support/server-build';

it('prints only the documented notices, once each, and its timings', async () => {
  const output = await serverBuildOutput(inject('serverBuild'));
  const lines = output.split('\n').filter((line) => line.trim());
  // Compared whole, so a failure shows every line the build printed besides its timings.
  expect(lines.slice(0, -1)).toEqual([expect.stringContaining('LEAD_ENDPOINT is not set')]);
  expect(lines.filter((line) => line.includes('[credentials]'))).toEqual([]);
  expect(lines.at(-1)).toMatch(
    /^Built \d+ pages in [\d.]+ s: bundles [\d.]+ s, pre-render [\d.]+ s, service worker [\d.]+ s; search index: \d+ records, [\d.]+ s waited for after the last page; social cards: \d+ drawn \(\d+ of them once the pages were written\), \d+ from the cache, [\d.]+ s waited for; precompressed: \d+ files, \d+ compressed, \d+ from the cache, \d+ of the blog's pages at brotli 11 to fit the first round trip, [\d.]+ s waited for\.$/,
  );
});
