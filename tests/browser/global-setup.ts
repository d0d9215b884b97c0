/**
 * Browser-test setup: resolves Chromium (scripts/lib/chromium.ts) and the fonts it draws in
 * (scripts/lib/test-fonts.ts), makes a copy of the project
 * whose content/ has one more FAQ entry, post and menu link than the real one
 * (support/content-copy.ts), builds the site once from that copy (with test credentials and a
 * lead endpoint on loopback) into a temporary folder, never into dist/ (a dist/ built with test
 * credentials must never be deployable by mistake), and serves it the way a static host does.
 * Then it starts the server-mode build (support/server-build.ts), which runs beside the first
 * tests. At the end it stops both servers and removes every folder it made.
 * Tests read the URLs with `inject('baseUrl')` and `inject('leadEndpoint')`, and the copy's
 * content through support/site.ts (`inject('contentRoot')`); src/build/pipeline/build-paths.ts points
 * them at the build through GB_OUT_DIR, which the test processes inherit from here.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUILD_ARGV } from '../../scripts/lib/build-command';
import { describeChromium, resolveChromium, type ResolvedChromium } from '../../scripts/lib/chromium';
import { DEV_SHM, devShmHasRoom } from '../../scripts/lib/dev-shm';
import { writeTestFonts } from '../../scripts/lib/test-fonts';
import { createStaticServer, listen } from '../../src/build/hosting/static-server';
import { extendedCopy } from './support/content-copy';
import { startLeadCatcher } from './support/lead-catcher';
import { SERVER_SITE_PREFIX, startServerBuild, type ServerBuild } from './support/server-build';
import { TEST_CREDENTIALS, TEST_GATE_CREDENTIALS, TEST_SITE_URL } from './support/env';
import { ownedTempDir, removeAbandoned } from '../support/scratch';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    leadEndpoint: string;
    leadControl: string;
    /** The browser every test file launches, with its flags. */
    chromium: ResolvedChromium;
    /** dist/ as it was before the tests: each file's path and SHA-256, or 'absent'. */
    distBefore: string;
    /** The server-mode build, still running when the tests start (support/server-build.ts). */
    serverBuild: ServerBuild;
    /** The project copy the static build was made from, with its extended content/ (support/content-copy.ts). */
    contentRoot: string;
  }
}

/** Every file under `dir` with its SHA-256, one line each, sorted; 'absent' when there is no such folder. */
export function fingerprint(dir: string): string {
  if (!fs.existsSync(dir)) return 'absent';
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .map((file) => `${path.relative(dir, file)} ${createHash('sha256').update(fs.readFileSync(file)).digest('hex')}`)
    .sort()
    .join('\n');
}

/**
 * Makes the run's temporary folder (TMPDIR of the test processes and of every process they start)
 * a folder of its own in /dev/shm, where that has room; returns its removal. Builds, project
 * copies, databases and browser profiles create tens of thousands of files in a run, and on this
 * project's development machine creating a file on disk costs the kernel about 0.7 ms, in memory
 * 0.02 ms. Open to every account, as /tmp is (world-writable, sticky): nginx's workers and
 * PostgreSQL run under their own.
 */
function useMemoryTempDir(): () => void {
  if (!devShmHasRoom(TEMP_ROOM)) return () => {};
  const dir = ownedTempDir(DEV_SHM, RUN_PREFIX);
  fs.chmodSync(dir, 0o1777);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/** What a run keeps in its temporary folder at the most: builds, copies and databases of eight files at once, with room to spare. */
const TEMP_ROOM = 3 * 1024 ** 3;

const RUN_PREFIX = 'gb-tests-';
const FONTS_PREFIX = 'gb-test-fonts-';
const SITE_PREFIX = 'gb-test-site-';

/**
 * What earlier runs left when they were ended before their clean-up (scratch.ts): their folders
 * and their builds' server bundles (their databases' copies: tests/server/pglite.ts).
 */
function removeAbandonedRuns(): void {
  removeAbandoned(DEV_SHM, [RUN_PREFIX]);
  removeAbandoned(os.tmpdir(), [RUN_PREFIX, FONTS_PREFIX, SITE_PREFIX, SERVER_SITE_PREFIX]);
  removeAbandoned(path.resolve('node_modules/.cache/gb-ssr'), [SITE_PREFIX, SERVER_SITE_PREFIX]);
}

export default async function setup(project: TestProject) {
  removeAbandonedRuns();
  // The fonts every test file's browser draws in, the same on every machine (scripts/lib/test-fonts.ts).
  const fontsDir = ownedTempDir(os.tmpdir(), FONTS_PREFIX);
  const chromium = { ...(await resolveChromium()), env: await writeTestFonts(fontsDir, process.cwd()) };
  console.log(describeChromium(chromium));
  project.provide('chromium', chromium);
  // After Chromium is resolved: its unpacked copy stays in the usual temporary folder, for the next run.
  const removeTempDir = useMemoryTempDir();

  project.provide('distBefore', fingerprint(path.resolve('dist')));
  const outDir = ownedTempDir(os.tmpdir(), SITE_PREFIX);
  // Readable by other users: nginx's worker processes serve it under their own account.
  fs.chmodSync(outDir, 0o755);
  process.env.GB_OUT_DIR = outDir;
  // The build's server bundle goes to the checkout's node_modules/.cache/gb-ssr/<outDir's name>
  // (SSR_DIR): the copy links node_modules/, so the copy's build writes where SSR_DIR points.
  const { DIST_DIR, SSR_DIR } = await import('../../src/build/pipeline/build-paths');
  const contentRoot = extendedCopy('gb-test-content-');
  project.provide('contentRoot', contentRoot);
  const catcher = await startLeadCatcher();
  // SITE_URL with a trailing slash, as an editor might type it: site-url.test.ts checks the build
  // uses it, without one, wherever an absolute URL appears.
  // `npm run build` without npm's own start-up (scripts/lib/build-command.ts keeps the two equal),
  // run in the copy, whose content/ it builds.
  const build = spawnSync(process.execPath, BUILD_ARGV, {
    cwd: contentRoot,
    stdio: 'inherit',
    // NODE_ENV: vitest sets 'test'; the tests must exercise the production build that ships.
    // The server's secrets too, which a static build must ignore: credentials.test.ts looks for their hashes.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      ...TEST_CREDENTIALS,
      ...TEST_GATE_CREDENTIALS,
      LEAD_ENDPOINT: catcher.endpoint,
      SITE_URL: `${TEST_SITE_URL}/`,
    },
  });
  if (build.status !== 0) {
    await catcher.stop();
    for (const dir of [DIST_DIR, SSR_DIR, contentRoot, fontsDir]) fs.rmSync(dir, { recursive: true, force: true });
    removeTempDir();
    throw new Error('The build failed: the browser tests need a built site');
  }
  // After the static build, not beside it: the first test files start sooner, and this one is
  // needed only by the server-mode files. It builds the real content/, not the copy: the server
  // those files start runs in the checkout (tests/server/spawn-server.ts) and reads the checkout's
  // content/site.yaml and content/investors/ (REPO_ROOT in src/server/config.ts), so a build of the
  // copy would disagree with it; and the server-mode files expect nothing of the content that the
  // additions change (no count, route or menu link).
  const serverBuild = startServerBuild();
  project.provide('serverBuild', serverBuild.build);

  const server = createStaticServer(DIST_DIR);
  const port = await listen(server, 0);
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('leadEndpoint', catcher.endpoint);
  project.provide('leadControl', catcher.control);

  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await catcher.stop();
    await serverBuild.stop();
    for (const dir of [DIST_DIR, SSR_DIR, contentRoot, fontsDir]) fs.rmSync(dir, { recursive: true, force: true });
    removeTempDir();
  };
}
