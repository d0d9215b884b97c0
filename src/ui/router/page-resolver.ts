/**
 * vite-plugin-pages resolver: the stock React resolver, except that each route component is
 * wrapped by `routeModule()` instead of `React.lazy()`.
 *
 * Why: a plain React.lazy route renders only its fallback in `renderToString`, and on the client
 * it suspends during hydration. `routeModule()` components have a `preload()` that the server and
 * the client entry await for the matched routes before rendering, so pre-rendered HTML holds the
 * page and hydration renders the same tree synchronously. (Node only: used by vite.config.ts.)
 */
import { reactResolver } from 'vite-plugin-pages';

export function pageResolver(): ReturnType<typeof reactResolver> {
  const base = reactResolver();
  return {
    ...base,
    stringify: {
      ...base.stringify,
      dynamicImport: (path) => `routeModule(() => import(${JSON.stringify(path)}), ${JSON.stringify(path)})`,
      final: (code) => `import React from "react";\nimport { routeModule } from "/src/ui/router/route-module";\n${code}`,
    },
  };
}
