/**
 * The routes field vitals are kept for: the pages of the build (every `<route>/index.html` under
 * the static root, and `index.html` for `/`). A beacon's route is a visitor's claim; keeping any
 * path a client names would let a flood add rows without end, so a path the build lacks (a post
 * added in the admin, the not-found page, or made up) is counted under OTHER_ROUTE. Without a build
 * (the dev server's API, the API tests) every well-formed path is kept as it is.
 */
import fs from 'node:fs';
import path from 'node:path';

export const OTHER_ROUTE = '(other pages)';

/** A missing route re-reads the build at most this often (a redeploy can add pages under a running server). */
const REREAD_MS = 60_000;

function builtRoutes(root: string): Set<string> {
  const routes = new Set<string>();
  const walk = (dir: string, route: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.isFile() && entry.name === 'index.html') routes.add(route === '' ? '/' : route);
      // Assets and the like hold no pages; seven levels cover the route shape beacons may name.
      else if (entry.isDirectory() && depth < 7 && entry.name !== 'assets') walk(path.join(dir, entry.name), `${route}/${entry.name.toLowerCase()}`, depth + 1);
    }
  };
  walk(root, '', 0);
  return routes;
}

/** Maps a well-formed route onto the one its counts are kept under. */
export function routeMapper(staticRoot: string | null, now: () => number = Date.now): (route: string) => string {
  if (!staticRoot) return (route) => route;
  let routes = builtRoutes(staticRoot);
  let readAt = now();
  return (route) => {
    if (routes.has(route)) return route;
    if (now() - readAt >= REREAD_MS) {
      routes = builtRoutes(staticRoot);
      readAt = now();
      if (routes.has(route)) return route;
    }
    return OTHER_ROUTE;
  };
}
