/**
 * The Content-Security-Policy against the pages it covers: every HTML file of the build, served as
 * a host serves it (the policy of dist/_headers), allows each inline script of the page by its
 * hash, allows no inline script by any other means, and lists no hash that no page needs.
 *
 * The policy is one for the whole site (the '/*' rule of dist/_headers), so a page's list also
 * holds the hashes of scripts that only other pages carry (the A/B test's on the home page, the
 * portals' guard on the portals): what it holds beyond this page's scripts must be another page's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/build/pipeline/build-paths';
import { SPECULATION_RULES } from '../../src/browser/runtime/speculation-rules';
import { directive, hashSource, inlineScripts } from './support/csp';
import { baseUrl } from './support/browser';

/** Every page of the build by the path it is served at (404.html answers every unknown path). */
const pages = fs
  .readdirSync(DIST_DIR, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.html'))
  // A not-found page (404.html, and a language's, de/404.html) is what an unknown path under it gets.
  .map((file) => ({
    file,
    path: file.endsWith('404.html') ? `/${path.dirname(file)}/no-such-page`.replace(/^\/\.\//, '/') : `/${path.dirname(file)}`.replace(/^\/\.$/, '/'),
  }));

type Served = { route: string; scripts: string[]; csp: string };
let servedOnce: Promise<Served[]> | undefined;
/** Each page's inline scripts and the policy sent with it, fetched once. */
const served = () =>
  (servedOnce ??= Promise.all(
    pages.map(async ({ file, path: route }) => {
      const response = await fetch(baseUrl() + route);
      const html = await response.text();
      if (html !== fs.readFileSync(path.join(DIST_DIR, file), 'utf8')) throw new Error(`${route} is not served from ${file}`);
      return { route, scripts: inlineScripts(html), csp: response.headers.get('content-security-policy') ?? '' };
    }),
  ));

describe('the Content-Security-Policy of every page', () => {
  it('covers every page of the build, and the pages have inline scripts to check', async () => {
    expect(pages.length).toBeGreaterThan(30);
    expect((await served()).every(({ scripts }) => scripts.length > 0)).toBe(true);
  });

  it("allows each of the page's inline scripts by its hash, and inline scripts by no other means", async () => {
    const failures: string[] = [];
    for (const { route, scripts, csp } of await served()) {
      const scriptSrc = directive(csp, 'script-src');
      if (!scriptSrc.length) failures.push(`${route}: no script-src`);
      for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "'strict-dynamic'", '*', 'data:', 'blob:'])
        if (scriptSrc.includes(forbidden)) failures.push(`${route}: script-src allows ${forbidden}`);
      if (scriptSrc.some((source) => source.startsWith("'nonce-"))) failures.push(`${route}: script-src has a nonce`);
      for (const script of scripts) {
        if (!scriptSrc.includes(hashSource(script))) failures.push(`${route}: no hash for the inline script ${JSON.stringify(script.slice(0, 60))}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("lists exactly the hashes of the site's inline scripts: none stale, none extra", async () => {
    const all = await served();
    // The pages' own, and the speculation rules the runtime adds to each page once it has loaded
    // (runtime.test.ts reads them in a page, where a refused script would be a console error).
    const needed = new Set([...all.flatMap(({ scripts }) => scripts.map(hashSource)), hashSource(SPECULATION_RULES)]);
    for (const { route, csp } of all) {
      const listed = directive(csp, 'script-src').filter((source) => source.startsWith("'sha"));
      expect(new Set(listed), route).toEqual(needed);
      expect(listed, `${route}: a hash listed twice`).toHaveLength(needed.size);
      // The page's own scripts and the scripts only other pages carry, and the compiling of the
      // site search's WebAssembly (which allows no JavaScript eval): nothing else.
      expect(
        directive(csp, 'script-src').filter((source) => !source.startsWith("'sha")),
        route,
      ).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    }
  });
});
