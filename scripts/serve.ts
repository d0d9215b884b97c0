/**
 * Serves the built site (dist/) and the API (/api) on http://localhost:4173 from one Node process
 * (src/server). Run: npm start (builds first), or `npm run serve` to serve an existing build.
 * PORT and HOST override the defaults (4173, 127.0.0.1); see src/server/config.ts for the rest.
 *
 * Both scripts start this file as `exec node --import tsx`: npm passes SIGTERM and SIGINT on to its
 * child only, the shell it runs the script in, which does not pass them on; exec replaces that shell
 * with this process, and tsx as a loader (no tsx process in between) makes the child npm signals the
 * server itself (scripts/serve.test.ts).
 */
import fs from 'node:fs';
import { DIST_DIR } from '../src/build/pipeline/build-paths';

// Set before React is first loaded (the server renders the pages of posts added in the admin with it):
// production React renders those pages several times faster and is what the pre-render uses.
process.env.NODE_ENV ??= 'production';
const { startFromCommandLine } = await import('../src/server/main');

if (!fs.existsSync(`${DIST_DIR}/index.html`)) {
  // GB_OUT_DIR moves the build (src/build/pipeline/build-paths.ts): the folder named is the one looked in.
  console.error(
    process.env.GB_OUT_DIR
      ? `No build found in ${DIST_DIR} (GB_OUT_DIR). Run \`npm run build\` first with the same GB_OUT_DIR (npm start does it for you).`
      : 'No build found in dist/. Run `npm run build` first (npm start does it for you).',
  );
  process.exit(1);
}
await startFromCommandLine();
