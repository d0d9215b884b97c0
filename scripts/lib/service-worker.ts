/**
 * Generates dist/sw.js with workbox-build after the pre-render (scripts/prerender.ts), so the
 * pre-rendered pages themselves are precached: a page visited once opens offline with its own
 * HTML (a worker generated before the pre-render precaches only the template, and
 * offline navigations then hydrate the wrong page).
 *
 * Precached: every HTML page (under its URL: `about/index.html` is `/about`), the JS, CSS, fonts
 * and images (not the social cards, which only crawlers fetch). Navigations are answered from the
 * precache when their URL is in it; others go to the network and, offline, fall back to the
 * cached page of the same URL without its trailing slash, then to the cached not-found page.
 * The worker is one self-contained file: no inline script, no eval (CSP: worker-src 'self').
 */
import path from 'node:path';
import { generateSW } from 'workbox-build';

export const SW_FILE = 'sw.js';

/** The URL a built file is served at: `index.html` → `/`, `about/index.html` → `/about`. */
export function urlOfFile(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return `/${file}`;
}

/**
 * Answers a navigation that is not in the precache (a trailing-slash variant, a post added in the
 * admin, a page published after this worker). Runs inside the worker: workbox-build copies its
 * source into sw.js, so it uses nothing but worker globals.
 */
export async function offlineNavigation({ request, url }: { request: Request; url: URL }): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const page = url.pathname.replace(/\/+$/, '') || '/';
    const cached = (await caches.match(page, { ignoreSearch: true })) ?? (await caches.match('/404.html', { ignoreSearch: true }));
    if (cached) return cached;
    throw error;
  }
}

function isNavigation({ request }: { request: Request }): boolean {
  return request.mode === 'navigate';
}

export interface ServiceWorkerResult {
  count: number;
  size: number;
  warnings: string[];
}

export async function generateServiceWorker(distDir: string): Promise<ServiceWorkerResult> {
  const { count, size, warnings } = await generateSW({
    globDirectory: distDir,
    globPatterns: ['**/*.{html,js,css,woff2,svg,png,jpg,jpeg,webp,avif,gif,ico}'],
    globIgnores: [SW_FILE, 'images/social/**'],
    swDest: path.join(distDir, SW_FILE),
    // Hashed file names are their own version: no cache-busting query needed.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [(entries) => ({ manifest: entries.map((entry) => ({ ...entry, url: urlOfFile(entry.url) })) })],
    // Pages are precached under their URLs (above), so directory-index guessing is not needed.
    directoryIndex: null,
    navigateFallback: null,
    runtimeCaching: [{ urlPattern: isNavigation, handler: offlineNavigation }],
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
    inlineWorkboxRuntime: true,
    mode: 'production',
    sourcemap: false,
  });
  return { count, size, warnings };
}
