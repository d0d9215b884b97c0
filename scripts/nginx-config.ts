/**
 * Prints the nginx server block for a built site (security headers, caching, not-found page).
 * Run: npm run host:nginx -- [root] [listen]   e.g. npm run host:nginx -- /var/www/garlic 80
 * The headers come from `<root>/_headers`, the file the build wrote beside the pages, so the
 * block always matches the folder it serves; without a root, the build folder (dist/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_DIR } from '../src/pipeline/build-paths';
import { parseHeadersFile } from '../src/hosting/host-headers';
import { languageFolders, nginxServerBlock } from './lib/nginx-config';

export class NginxConfigError extends Error {}

/** The server block for `[root] [listen]`; throws NginxConfigError when the root holds no build. */
export function nginxConfigFor(args: readonly string[]): string {
  const [rootArg, listen = '80'] = args;
  const root = path.resolve(rootArg ?? DIST_DIR);
  const headersFile = path.join(root, '_headers');
  if (!fs.existsSync(headersFile)) {
    const reason = fs.existsSync(root) ? `${root} has no _headers file` : `${root} does not exist`;
    throw new NginxConfigError(
      `${reason}: give the folder of a finished build (npm run build writes _headers into dist/; copy the whole folder, _headers included, to the server's root).`,
    );
  }
  return nginxServerBlock({ root, listen, rules: parseHeadersFile(fs.readFileSync(headersFile, 'utf8')), languages: languageFolders(root) });
}

function main() {
  try {
    process.stdout.write(nginxConfigFor(process.argv.slice(2)));
  } catch (error) {
    if (!(error instanceof NginxConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
