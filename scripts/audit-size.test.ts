/**
 * The size audit's reading of a build: which scripts a page names, which imports are static, and
 * the transitive set of files a page loads at start, measured on a small fake build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildReader, PORTAL_MARKERS, isPortalRoute, scriptsInHtml, staticImports } from './audit-size';

describe('scriptsInHtml', () => {
  it('finds module scripts, modulepreloads and inline code, and skips JSON-LD and comments', () => {
    const html = `<!doctype html><html><head>
      <script>document.documentElement.dataset.theme='dark'</script>
      <link rel="stylesheet" href="/assets/index.css">
      <link rel="modulepreload" crossorigin href="/assets/react-1.js">
      <script type="module" crossorigin src="/assets/index-2.js"></script>
      <script type="application/ld+json">{"@type":"Organization"}</script>
      <!-- <script src="/assets/commented.js"></script> -->
      </head><body></body></html>`;
    expect(scriptsInHtml(html)).toEqual({ files: ['/assets/index-2.js', '/assets/react-1.js'], inline: ["document.documentElement.dataset.theme='dark'"] });
  });

  it('counts the file the entry loader starts after the first paint', () => {
    const html = '<body><p>Text</p><script data-entry="/assets/index-3.js">(function(s){import(s)})(document.currentScript.dataset.entry)</script></body>';
    expect(scriptsInHtml(html).files).toEqual(['/assets/index-3.js']);
  });
});

describe('staticImports', () => {
  it('reads minified static imports and re-exports, not dynamic imports', () => {
    const code =
      'import{a as e,b as t}from"./react-1.js";import"./side-effect-2.js";export*from"./all-3.js";export{x as y}from"./some-4.js";' +
      'const l=()=>import("./lazy-5.js");var s="not an import from \\"./x.js\\"";e.import("./nope.js")';
    expect(staticImports(code).sort()).toEqual(['./all-3.js', './react-1.js', './side-effect-2.js', './some-4.js']);
  });
});

describe('BuildReader.pageJs', () => {
  let dist: string;
  beforeEach(() => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gb-audit-size-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const write = (name: string, code: string) => fs.writeFileSync(path.join(dist, 'assets', name), code);
    write('index-1.js', 'import{r}from"./react-2.js";const p=()=>import("./admin-3.js");console.log(r,p);');
    write('react-2.js', `import"./shared-4.js";export const r=${JSON.stringify('x'.repeat(500))};`);
    write('admin-3.js', 'export const label="Admin Portal";');
    write('shared-4.js', 'export const s=1;');
  });
  afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('counts the entry and its static imports, each once, and leaves lazy chunks out', () => {
    const html = '<link rel="modulepreload" href="/assets/react-2.js"><script type="module" src="/assets/index-1.js"></script><script>var t=1</script>';
    const page = new BuildReader(dist).pageJs('/', html);
    expect(page.files.sort()).toEqual(['/assets/index-1.js', '/assets/react-2.js', '/assets/shared-4.js']);
    expect(page.missing).toEqual([]);
    expect(page.inlineBytes).toBeGreaterThan(0);
    expect(page.gzipBytes).toBeGreaterThan(page.inlineBytes);
    // Gzip shrinks the repeated string: the compressed total is well below the raw one.
    expect(page.gzipBytes).toBeLessThan(page.rawBytes);
  });

  it("counts an island that hydrates at start by its file for the page's language, where it has one", () => {
    const write = (name: string, code: string) => fs.writeFileSync(path.join(dist, 'assets', name), code);
    write('Island-5.js', `export const all=${JSON.stringify('every language '.repeat(50))};`);
    write('Island.de-6.js', 'export const de="Deutsch";');
    write('mount-7.js', 'export const m=1;');
    const manifest = {
      'src/browser/islands/Island.tsx': { file: 'assets/Island-5.js' },
      'src/browser/islands/Island.de.tsx': { file: 'assets/Island.de-6.js' },
      'src/browser/runtime/islands/mount.tsx': { file: 'assets/mount-7.js' },
    };
    const page = (lang: string) =>
      new BuildReader(dist, manifest).pageJs('/', `<html lang="${lang}"><gb-island data-island="Island" data-hydrate="load"></gb-island></html>`).files.sort();
    expect(page('de')).toEqual(['/assets/Island.de-6.js', '/assets/mount-7.js']);
    expect(page('ar')).toEqual(['/assets/Island-5.js', '/assets/mount-7.js']);
  });

  it('reports files the page names that the build lacks', () => {
    const page = new BuildReader(dist).pageJs('/', '<script type="module" src="/assets/gone-9.js"></script>');
    expect(page.missing).toEqual(['/assets/gone-9.js']);
  });
});

describe('portal code markers', () => {
  it('recognise the credential hash fields as the credentials plugin writes them', () => {
    const module = 'const a={username:`admin`,salt:`bPX4nLzdSQA9qOrEGS3TVQ==`,hash:`jQPvtaXQHEVzC8Y6uudyWmwQOzJqb6u0mWn4+61aHD4=`,iterations:21e4}';
    const marker = PORTAL_MARKERS.find((m) => m.what.includes('credential hash'))!;
    expect(marker.pattern.test(module)).toBe(true);
    expect(marker.pattern.test('salt:`short`,hash:`x`')).toBe(false);
  });

  it('treat /admin and /investors routes as portals', () => {
    expect(['/admin', '/admin/login', '/investors', '/investors/login'].every(isPortalRoute)).toBe(true);
    expect(['/', '/investment', '/administration-guide', '/blog/1'].some(isPortalRoute)).toBe(false);
  });
});
