/**
 * Route components that load on demand: `routeModule(load, file)` is what the page resolver puts
 * in the generated route list. The pre-render awaits `preload(params)` for the route it renders,
 * then renders it synchronously, so the HTML holds the whole page.
 */
import type { ComponentType } from 'react';
import type { PageMeta } from '@/build/content/schema';
import { MdxPage } from './MdxPage';

import type { Params } from './location';

export type { Params };

/** What a route file exports: MDX pages carry `meta`; TSX pages may preload data for their params. */
export interface RouteModuleExports {
  default: ComponentType<{ components?: Record<string, unknown> }>;
  meta?: PageMeta;
  preload?: (params: Params) => Promise<unknown>;
}

export interface PreloadableRoute {
  (): React.ReactElement;
  preload: (params: Params) => Promise<void>;
  /** The route file, e.g. `/content/pages/about.mdx`. */
  file: string;
}

export function routeModule(load: () => Promise<RouteModuleExports>, file: string): PreloadableRoute {
  let loaded: RouteModuleExports | undefined;
  function Route() {
    if (!loaded) throw new Error(`Route ${file} was rendered before preload() finished`);
    const Content = loaded.default;
    return loaded.meta ? <MdxPage meta={loaded.meta} Content={Content} /> : <Content />;
  }
  Route.preload = async (params: Params) => {
    loaded ??= await load();
    await loaded.preload?.(params);
  };
  Route.file = file;
  return Route;
}
