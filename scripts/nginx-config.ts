/**
 * Prints the nginx server block for the built site (security headers, caching, not-found page).
 * Run: npm run host:nginx -- [root] [listen]   e.g. npm run host:nginx -- /var/www/garlic 80
 * Build first (npm run build): the headers come from dist/_headers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DIST_DIR } from './lib/build-paths';
import { parseHeadersFile } from './lib/host-headers';
import { nginxServerBlock } from './lib/nginx-config';

const headersFile = path.join(DIST_DIR, '_headers');
if (!fs.existsSync(headersFile)) {
  console.error(`${headersFile} not found: run npm run build first.`);
  process.exit(1);
}
const [root = DIST_DIR, listen = '80'] = process.argv.slice(2);
process.stdout.write(nginxServerBlock({ root, listen, rules: parseHeadersFile(fs.readFileSync(headersFile, 'utf8')) }));
