/** The path and route params of the page being rendered: links mark the current page, routes read their params. */
import { createContext, use } from 'react';

export type Params = Record<string, string | undefined>;

const LocationContext = createContext('/');
export const LocationProvider = LocationContext.Provider;

export function usePathname(): string {
  return use(LocationContext);
}

const ParamsContext = createContext<Params>({});
export const RouteParamsProvider = ParamsContext.Provider;

/** The params of the route being rendered, e.g. `{ id: '3' }` on /blog/3. */
export function useRouteParams(): Params {
  return use(ParamsContext);
}
