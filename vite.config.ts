import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mdx from '@mdx-js/rollup';
import react from '@vitejs/plugin-react';
import remarkGfm from 'remark-gfm';
import { defineConfig } from 'vitest/config';
import { DIST_DIR, SSR_DIR } from './scripts/lib/build-paths';
import Pages from 'vite-plugin-pages';
import { credentialsPlugin } from './src/auth/credentials-plugin';
import { contentPlugin } from './src/content/vite-plugin';
import { pageResolver } from './src/router/page-resolver';
import { THEME_INIT_SCRIPT } from './src/theme/theme';
import { AB_INIT_SCRIPT } from './src/experiments/assign';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // Validates content/ and swaps MDX frontmatter for `export const meta`; must run before MDX.
    contentPlugin(),
    // Admin and investor credentials from the environment, shipped only as salted PBKDF2 hashes.
    credentialsPlugin(),
    { enforce: 'pre', ...mdx({ remarkPlugins: [remarkGfm] }) },
    react({ include: /\.(mdx|tsx|ts)$/ }),
    Pages({
      dirs: [
        { dir: 'content/pages', baseRoute: '' },
        { dir: 'src/pages', baseRoute: '' },
      ],
      extensions: ['mdx', 'tsx'],
      exclude: ['**/*.test.tsx'],
      importMode: 'async',
      resolver: pageResolver(),
    }),
    {
      // The theme is applied by an inline script before the body paints (no flash of the wrong theme).
      name: 'theme-init-script',
      // The A/B test's variant goes on <html> the same way (no flash of the wrong call to action).
      transformIndexHtml: () => [
        { tag: 'script', children: THEME_INIT_SCRIPT, injectTo: 'head-prepend' },
        { tag: 'script', children: AB_INIT_SCRIPT, injectTo: 'head-prepend' },
      ],
    },
  ],
  // '@content' follows the project being built (cwd), so a copy with other content builds its own.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@content': path.resolve('content') } },
  // Loaded on demand by stored blog posts; pre-bundled so the dev server does not reload mid-session.
  optimizeDeps: { include: ['react-markdown', 'remark-gfm', 'unified', 'remark-parse', 'remark-stringify'] },
  // Where lead forms POST. Read from the process environment only, like the CSP's connect-src in
  // scripts/prerender.ts, so the two always agree; nothing else from the environment is exposed.
  define: { 'import.meta.env.LEAD_ENDPOINT': JSON.stringify(process.env.LEAD_ENDPOINT ?? '') },
  build: { ssrManifest: true, outDir: isSsrBuild ? SSR_DIR : DIST_DIR, emptyOutDir: true },
  test: {
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
}));
