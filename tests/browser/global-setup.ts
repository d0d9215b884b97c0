/**
 * Browser-test setup: checks for Chromium, builds the site once (with test credentials and a
 * lead endpoint on loopback), serves dist/ the way a static host does, and stops both servers at
 * the end. Tests read the URLs with `inject('baseUrl')` and `inject('leadEndpoint')`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { DIST_DIR } from '../../scripts/lib/build-paths';
import { createStaticServer, listen } from '../../scripts/lib/static-server';
import { startLeadCatcher } from './support/lead-catcher';
import { TEST_CREDENTIALS, chromePath } from './support/env';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    leadEndpoint: string;
    leadControl: string;
  }
}

export default async function setup(project: TestProject) {
  const chrome = chromePath();
  if (!fs.existsSync(chrome)) {
    throw new Error(
      `Chromium not found at ${chrome}. The browser tests drive Debian's Chromium: install it with ` +
        '`apt-get update && apt-get install -y chromium`, or set CHROME_PATH to a Chromium binary.',
    );
  }

  const catcher = await startLeadCatcher();
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    // NODE_ENV: vitest sets 'test'; the tests must exercise the production build that ships.
    env: { ...process.env, NODE_ENV: 'production', ...TEST_CREDENTIALS, LEAD_ENDPOINT: catcher.endpoint, SITE_URL: 'https://garlicbrothers.example' },
  });
  if (build.status !== 0) throw new Error('npm run build failed: the browser tests need a built site');

  const server = createStaticServer(DIST_DIR);
  const port = await listen(server, 0);
  project.provide('baseUrl', `http://127.0.0.1:${port}`);
  project.provide('leadEndpoint', catcher.endpoint);
  project.provide('leadControl', catcher.control);

  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await catcher.stop();
  };
}
