/**
 * Serves the built site (dist/) on http://localhost:4173 the way a static host does.
 * Run: npm start (builds first), or `npx tsx scripts/serve.ts` to serve an existing build.
 * PORT and HOST override the defaults.
 */
import fs from 'node:fs';
import { DIST_DIR } from './lib/build-paths';
import { createStaticServer, listen } from './lib/static-server';

if (!fs.existsSync(`${DIST_DIR}/index.html`)) {
  console.error('No build found in dist/. Run `npm run build` first (npm start does it for you).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? 'localhost';
const server = createStaticServer(DIST_DIR);
const actual = await listen(server, port, host);
console.log(`Garlic Brothers site: http://localhost:${actual}/  (Ctrl+C to stop)`);
