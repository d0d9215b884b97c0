/**
 * Prints the nginx server block for a built site (security headers, caching, not-found page, the
 * build's compressed forms).
 * Run: npm run host:nginx -- [root] [listen] [--brotli | --no-brotli]   e.g. npm run host:nginx -- /var/www/garlic 80
 * The headers come from `<root>/_headers`, the file the build wrote beside the pages, so the
 * block always matches the folder it serves; without a root, the build folder (dist/).
 * `brotli_static` is written only for an nginx with ngx_brotli's static module: by default when
 * that module is installed on this machine (run it on the server), or as --brotli / --no-brotli say.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_DIR } from '../src/build/pipeline/build-paths';
import { parseHeadersFile } from '../src/build/hosting/host-headers';
import { findBrotliStaticModule, languageFolders, nginxServerBlock } from './lib/nginx-config';

export class NginxConfigError extends Error {}

/** The server block for `[root] [listen] [--brotli | --no-brotli]`; throws NginxConfigError when the root holds no build. */
export function nginxConfigFor(args: readonly string[], brotliModule: () => string | null = findBrotliStaticModule): string {
  const flags = args.filter((arg) => arg.startsWith('--'));
  const unknown = flags.filter((flag) => flag !== '--brotli' && flag !== '--no-brotli');
  if (unknown.length) throw new NginxConfigError(`Unknown option ${unknown.join(', ')}: the options are --brotli and --no-brotli.`);
  const [rootArg, listen = '80'] = args.filter((arg) => !arg.startsWith('--'));
  const root = path.resolve(rootArg ?? DIST_DIR);
  const headersFile = path.join(root, '_headers');
  if (!fs.existsSync(headersFile)) {
    const reason = fs.existsSync(root) ? `${root} has no _headers file` : `${root} does not exist`;
    throw new NginxConfigError(
      `${reason}: give the folder of a finished build (npm run build writes _headers into dist/; copy the whole folder, _headers included, to the server's root).`,
    );
  }
  const brotli = flags.includes('--brotli') ? true : flags.includes('--no-brotli') ? false : brotliModule() !== null;
  return nginxServerBlock({ root, listen, rules: parseHeadersFile(fs.readFileSync(headersFile, 'utf8')), brotli, languages: languageFolders(root) });
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
