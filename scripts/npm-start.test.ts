/**
 * `npm start` as the README gives it, one command from a shell with nothing set: it builds the
 * site, then serves that build at the default address, http://localhost:4173, and stops when npm
 * gets SIGTERM, leaving the port free. The build goes to a temporary folder (GB_OUT_DIR), never
 * dist/, and the database to one of its own (DATA_DIR), never data/.
 *
 * The default port is the point, so this file needs 4173 itself: where something else already
 * listens there, the file is skipped and says so in one line (every other test binds a port the
 * system chooses, so no test of the suite takes it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../src/build/content/load';
import { removeBuild } from '../src/build/pipeline/ssr-dir';
import { REPO_ROOT } from '../src/server/config';
import { TEST_CREDENTIALS } from '../tests/server/spawn-server';
import { portIsFree, portTaken, runNpm, waitForLine } from '../tests/support/processes';

/** Where `npm start` serves with no PORT or HOST (src/server/config.ts), as the README says. */
const DEFAULT_URL = 'http://localhost:4173';
const DEFAULT_PORT = 4173;

/** The variables the build or the server read that a developer's shell may hold: `npm start` here runs without them. */
const UNSET = ['PORT', 'HOST', 'NODE_ENV', 'DATABASE_URL', 'SITE_ORIGIN', 'SITE_URL', 'LEAD_ENDPOINT', 'TRUST_PROXY', 'GB_OUT_DIR', 'DATA_DIR'];

// The server binds 127.0.0.1; "localhost" may be tried at ::1 first, so nothing else may answer there either.
const busy = (await portTaken(DEFAULT_PORT, '127.0.0.1')) || (await portTaken(DEFAULT_PORT, '::1'));
const SKIPPED = `skipped: port ${DEFAULT_PORT} is in use on this machine, and npm start with no PORT must take it`;
if (busy) console.log(`scripts/npm-start.test.ts ${SKIPPED}`);

const cleanup: (() => void)[] = [];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

afterAll(() => {
  for (const step of cleanup.reverse()) step();
});

/** The repo's dist/index.html as it was: its modification time, or absent. */
const distIndex = () => {
  const file = path.join(REPO_ROOT, 'dist', 'index.html');
  return fs.existsSync(file) ? fs.statSync(file).mtimeMs : 'absent';
};

describe.skipIf(busy)(busy ? `npm start (${SKIPPED})` : 'npm start', () => {
  it(`builds the site, then serves that build on ${DEFAULT_URL} until npm gets SIGTERM`, async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-start-site-'));
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gb-start-data-')), 'pglite');
    // The build and its server bundle for a GB_OUT_DIR (src/build/pipeline/ssr-dir.ts).
    cleanup.push(() => removeBuild(outDir));
    cleanup.push(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));
    const distBefore = distIndex();

    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of UNSET) delete env[name];
    // Only the folders are moved; the credentials are fixed so the server does not warn about the published defaults.
    Object.assign(env, TEST_CREDENTIALS, { GB_OUT_DIR: outDir, DATA_DIR: dataDir });
    const { child: npm, exited, stderr } = runNpm(['start'], env, (step) => cleanup.push(step));

    // The server prints where it listens once the build is done and it has bound the port.
    const [, printed] = await waitForLine(npm, /Garlic Brothers site: (http:\/\/[^\s/]+)\//, stderr);
    expect(printed).toBe(DEFAULT_URL);
    expect(fs.existsSync(path.join(outDir, 'index.html')), 'the build wrote its home page into GB_OUT_DIR').toBe(true);
    expect(distIndex(), "dist/ is not the build's folder here").toBe(distBefore);

    // At the address printed, as a visitor would open it: the build's own home page.
    const home = await fetch(`${printed}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await home.text();
    expect(html).toBe(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'));
    // Its title and heading as content/pages/index.mdx gives them.
    const content = loadContent(REPO_ROOT);
    const homePage = content.pages.find((page) => page.path === '/');
    const hero = (homePage?.meta.sections as { hero?: { heading?: string } } | undefined)?.hero?.heading;
    expect(hero).toBeTruthy();
    expect(html).toMatch(new RegExp(`<title>${escapeRegExp(`${homePage?.meta.title} | ${content.site.name}`)}</title>`));
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(hero ?? '')}</h1>`));

    npm.kill('SIGTERM');
    // npm ends with the server's own status: a clean stop, not a kill.
    expect(await exited, stderr()).toBe(0);
    expect(await portIsFree(DEFAULT_PORT)).toBe(true);
  }, 600_000);
});
