/**
 * Route components that load on demand yet render synchronously once preloaded.
 *
 * `routeModule(load)` is what the page resolver puts in the generated route list. Before the
 * server renders a URL and before the client hydrates it, `preloadRoutes()` awaits the modules of
 * the matched routes, so the first render holds the page itself: the pre-rendered HTML is
 * complete, hydration matches it, and 'Loading…' is never shown for it. A route that is not
 * preloaded (a client-side navigation) shows the 'Loading…' fallback while its module arrives.
 */
import { Suspense, lazy, type ComponentType } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { PageMeta } from '@/content/schema';
import { Loading } from '@/components/Loading';
import { MdxPage } from './MdxPage';

/** What a route file exports: MDX pages carry `meta`; TSX pages may preload data for their params. */
export interface RouteModuleExports {
  default: ComponentType<{ components?: Record<string, unknown> }>;
  meta?: PageMeta;
  preload?: (params: Params) => Promise<unknown>;
}

export interface PreloadableRoute {
  (): React.ReactElement;
  preload: (params: Params) => Promise<void>;
  /** The route file, e.g. `/content/pages/about.mdx`: the pre-render adds modulepreload links for it. */
  file: string;
}

function Page({ module }: { module: RouteModuleExports }) {
  const Content = module.default;
  return module.meta ? <MdxPage meta={module.meta} Content={Content} /> : <Content />;
}

export function routeModule(load: () => Promise<RouteModuleExports>, file: string): PreloadableRoute {
  let loaded: RouteModuleExports | undefined;
  const ensure = async () => (loaded ??= await load());
  const Lazy = lazy(async () => {
    const module = await ensure();
    return { default: () => <Page module={module} /> };
  });

  function Route() {
    if (loaded) return <Page module={loaded} />;
    return (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
  }
  Route.preload = async (params: Params) => {
    const module = await ensure();
    await module.preload?.(params);
  };
  Route.file = file;
  return Route;
}

/** Awaits the route modules (and their data) that `pathname` renders; returns their files. */
export async function preloadRoutes(routes: RouteObject[], pathname: string): Promise<string[]> {
  const matched = (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) => {
    const type = (route.element as React.ReactElement | undefined)?.type as Partial<PreloadableRoute> | undefined;
    return type?.preload && type.file ? [{ type: type as PreloadableRoute, params }] : [];
  });
  await Promise.all(matched.map(({ type, params }) => type.preload(params)));
  return matched.map(({ type }) => type.file);
}
