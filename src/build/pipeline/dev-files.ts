/**
 * What `npm run dev` may send as a file: the site's sources in src/ and nothing else of the project
 * folder. Vite's dev server answers any readable file its fs.allow folders hold, under its own path
 * (/data/…, ?raw, ?import, ?url) and under /@fs/<absolute path>, to anyone who reaches the port
 * (`--host` puts it on the network). Its default allows the whole project: the dev database's files
 * (data/dev-pglite: admin password hashes, session hashes, leads), the investor portal's copy,
 * package files, scripts, tests and the README.
 *
 * - Allowed: src/, under its own path and, where the folder is a link (a project copy for a
 *   benchmark), under the path it links to. Vite adds its own client folder; a module that an
 *   allowed module imports (a page in content/, a dependency in node_modules/) is allowed because
 *   of that import, and the pre-bundled dependencies and public/ are served by Vite without this
 *   check, so the pages, islands and the editors' live preview need nothing more. Anything else
 *   answers 403 (Vite's answer), or 404 where it does not exist.
 * - Denied, even where something above would allow it (a denial wins): Vite's own list (.env
 *   files, keys and certificates, .npmrc, .git) and the secret folders: the data folder, the API's
 *   database folder wherever DATA_DIR puts it, the investor portal's copy (only the server sends
 *   it, to a signed-in investor) and the build caches in node_modules/.cache.
 * - A request that names a file in a secret folder, however it is spelled (percent-encoded once or
 *   more, with `..`, backslashes, under /@fs/ or /@id/, with any query), answers 404 before Vite
 *   sees it (`secretFolderRequest`): the secrets do not depend on each of Vite's ways to a file
 *   applying its checks.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Vite's default fs.deny, which a list of our own replaces rather than extends. */
const VITE_DENIED = ['.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**'];

const toPosix = (file: string) => file.split(path.sep).join('/').replace(/\/+$/, '');

/** The secret folders of the project at `root`, each also by its real path where a link leads there. */
export function secretFolders(root: string, dataDir?: string): string[] {
  const folders = [path.join(root, 'data'), path.join(root, 'content', 'investors'), path.join(root, 'node_modules', '.cache')];
  if (dataDir?.trim()) folders.push(path.resolve(root, dataDir.trim()));
  const real = folders.flatMap((folder) => {
    try {
      return [fs.realpathSync(folder)];
    } catch {
      return [];
    }
  });
  return [...new Set([...folders, ...real].map(toPosix))];
}

/** A folder as a glob for everything under it: Vite matches fs.deny against absolute paths. */
const everythingUnder = (folder: string) => `${folder.replace(/[*?[\]{}()!+@\\]/g, '\\$&')}/**`;

export interface DevFileAccess {
  strict: true;
  allow: string[];
  deny: string[];
}

/** Vite's server.fs for the project at `root`; `dataDir` is DATA_DIR when set (the dev API's database). */
export function devFileAccess(root: string, dataDir?: string): DevFileAccess {
  const src = path.join(root, 'src');
  const allow = [...new Set([src, fs.realpathSync(src)])];
  return { strict: true, allow, deny: [...VITE_DENIED, ...secretFolders(root, dataDir).map(everythingUnder)] };
}

/** Percent-decoding until nothing changes (a few rounds at most); a malformed escape is decoded byte by byte. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 4 && current.includes('%'); round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Whether a request's target names a file in one of `folders` (absolute, '/'-separated), in any
 * of the ways Vite turns a URL into a file: root-relative, an absolute path, after /@fs/ or /@id/.
 * Case-insensitive, as Vite's fs.deny is (and some file systems are).
 */
export function secretFolderRequest(url: string, root: string, folders: readonly string[]): boolean {
  let target = decodeFully(url.split(/[?#]/)[0]).replace(/\\/g, '/');
  const candidates: string[] = [];
  for (let round = 0; round < 4; round += 1) {
    const normalized = path.posix.normalize(`/${target}`).toLowerCase();
    candidates.push(normalized, path.posix.join(toPosix(root).toLowerCase(), normalized));
    const prefix = /^\/@(fs|id)\//.exec(normalized);
    if (!prefix) break;
    target = normalized.slice(prefix[0].length - 1);
  }
  const lowered = folders.map((folder) => folder.toLowerCase());
  return candidates.some((file) => lowered.some((folder) => file === folder || file.startsWith(`${folder}/`)));
}
