/**
 * The pre-render's rewrites of each page: the entry script starts after the first paint (no
 * script or modulepreload is named ahead of it), the A/B variant's head script stays only in
 * pages that show a variant and the portals' guard only on the pages it guards.
 */
import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { ADMIN_LABEL_SCRIPT, PORTAL_GUARD_SCRIPT } from '../src/browser/auth/guard-script';
import { AB_INIT_SCRIPT } from '../src/shared/experiments/assign';
import { ENTRY_LOADER_SCRIPT } from '../src/build/pipeline/head-scripts';
import { deferEntryScript, dropUnusedInitScripts } from '../src/build/pipeline/finish-page';

const page = (head: string, body: string) => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('deferEntryScript', () => {
  it('replaces the module script and its modulepreloads in <head> with the loader at the end of <body>', () => {
    const html = page(
      '<title>About</title><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime-2.js">',
      '<main><h1>About</h1></main>',
    );
    expect(deferEntryScript(html)).toBe(
      page('<title>About</title>', `<main><h1>About</h1></main><script data-entry="/assets/index-1.js">${ENTRY_LOADER_SCRIPT}</script>`),
    );
  });

  it('fails when the template names no entry script', () => {
    expect(() => deferEntryScript(page('<title>About</title>', ''))).toThrow(/no entry script/);
  });

  /** Runs the loader with fake paint timing, timer and import; returns what it imported and how to move time on. */
  function runLoader() {
    const imported: string[] = [];
    const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    class FakeObserver {
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe() {}
    }
    const loader = new Function('document', 'PerformanceObserver', 'setTimeout', 'importModule', ENTRY_LOADER_SCRIPT.replace('import(s)', 'importModule(s)'));
    loader(
      // No sheet to add after the paint: the browser tests add them (tests/browser/first-paint.test.ts).
      { currentScript: { dataset: { entry: '/assets/index-1.js' } }, querySelectorAll: () => [] },
      FakeObserver,
      (f: () => void, ms = 0) => timers.push({ run: f, ms }),
      (s: string) => imported.push(s),
    );
    const paint = (name: string) => observers.forEach((o) => o({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));
    const second = () => timers.filter((t) => t.ms === 1000).forEach((t) => t.run());
    return { imported, paint, second };
  }

  it('starts the entry once the first contentful paint is reported, and only once', () => {
    const { imported, paint, second } = runLoader();
    paint('first-paint');
    expect(imported).toEqual([]);
    paint('first-contentful-paint');
    expect(imported).toEqual(['/assets/index-1.js']);
    second();
    expect(imported).toEqual(['/assets/index-1.js']);
  });

  it('starts the entry after a second where no paint is reported (a background tab)', () => {
    const { imported, second } = runLoader();
    second();
    expect(imported).toEqual(['/assets/index-1.js']);
  });
});

describe('dropUnusedInitScripts', () => {
  const withAb = (body: string) => page(`<script>${AB_INIT_SCRIPT}</script>`, body);
  const withGuard = (body: string) => page(`<script>${PORTAL_GUARD_SCRIPT}</script>`, body);

  it('keeps the A/B script where the page shows a variant', () => {
    const html = withAb('<span class="ab-variant" data-experiment="homepage-cta-v1" data-variant="control">Get Quote Now</span>');
    expect(dropUnusedInitScripts(html, '/')).toBe(html);
  });

  it('drops it everywhere else', () => {
    expect(dropUnusedInitScripts(withAb('<h1>About</h1>'), '/about')).toBe(page('', '<h1>About</h1>'));
  });

  it('keeps the portals guard on /admin and /investors only, not even on their login pages', () => {
    for (const path of ['/admin', '/investors']) expect(dropUnusedInitScripts(withGuard('<h1>Dashboard</h1>'), path)).toContain(PORTAL_GUARD_SCRIPT);
    for (const path of ['/', '/about', '/admin/login', '/investors/login', '/404'])
      expect(dropUnusedInitScripts(withGuard('<h1>Page</h1>'), path)).toBe(page('', '<h1>Page</h1>'));
  });
});

/** Runs a head script against a fake document and storage; returns what it set and where it sent the visitor. */
function runHeadScript(script: string, pathname: string, stored: Record<string, string>, storageThrows = false) {
  const attributes: Record<string, string> = {};
  const replaced: string[] = [];
  runInNewContext(script, {
    document: { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } },
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return stored[key] ?? null;
      },
    },
    location: { pathname, search: '', replace: (url: string) => replaced.push(url) },
    addEventListener: () => {},
    encodeURIComponent,
  });
  return { attributes, replaced };
}

describe('the admin label and the portals guard', () => {
  it('label the header for a signed-in or signed-out admin, and take unreadable storage as signed out', () => {
    expect(runHeadScript(ADMIN_LABEL_SCRIPT, '/about', { 'gb:admin-authenticated': 'true' }).attributes).toEqual({ 'data-admin': 'signed-in' });
    expect(runHeadScript(ADMIN_LABEL_SCRIPT, '/about', {}).attributes).toEqual({ 'data-admin': 'signed-out' });
    expect(runHeadScript(ADMIN_LABEL_SCRIPT, '/about', {}, true).attributes).toEqual({ 'data-admin': 'signed-out' });
  });

  it('send a signed-out visitor of a dashboard to its login page with ?next=, and let a signed-in one stay', () => {
    expect(runHeadScript(PORTAL_GUARD_SCRIPT, '/admin/', {}).replaced).toEqual(['/admin/login?next=/admin']);
    expect(runHeadScript(PORTAL_GUARD_SCRIPT, '/investors', { 'gb:admin-authenticated': 'true' }).replaced).toEqual(['/investors/login?next=/investors']);
    expect(runHeadScript(PORTAL_GUARD_SCRIPT, '/investors', {}, true).replaced).toEqual(['/investors/login?next=/investors']);
    expect(runHeadScript(PORTAL_GUARD_SCRIPT, '/admin', { 'gb:admin-authenticated': 'true' })).toEqual({ attributes: {}, replaced: [] });
    expect(runHeadScript(PORTAL_GUARD_SCRIPT, '/investors', { 'gb:investor-authenticated': 'true' })).toEqual({ attributes: {}, replaced: [] });
  });
});
