/**
 * Serves the built site (dist/) and the API (/api) on http://localhost:4173 from one Node process
 * (src/server). Run: npm start (builds first), or `npm run serve` to serve an existing build.
 * PORT and HOST override the defaults (4173, 127.0.0.1); see src/server/config.ts for the rest.
 */
import fs from 'node:fs';
import { main } from '../src/server/main';
import { DIST_DIR } from './lib/build-paths';

if (!fs.existsSync(`${DIST_DIR}/index.html`)) {
  console.error('No build found in dist/. Run `npm run build` first (npm start does it for you).');
  process.exit(1);
}
await main();
