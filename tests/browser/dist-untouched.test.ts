/**
 * The tests build with test credentials and a loopback lead endpoint: that build must never land
 * in dist/, where it could be deployed. dist/ is exactly as it was before the tests (the same
 * files with the same bytes, or still absent), and the site under test is built elsewhere.
 */
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { fingerprint } from './global-setup';

it('leaves dist/ byte for byte as it was, and tests a build made elsewhere', () => {
  expect(path.resolve(DIST_DIR)).not.toBe(path.resolve('dist'));
  expect(fingerprint(path.resolve('dist'))).toBe(inject('distBefore'));
});
