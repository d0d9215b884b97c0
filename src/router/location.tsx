/** The path of the page being rendered, for links that mark the current page. */
import { createContext, use } from 'react';

const LocationContext = createContext('/');
export const LocationProvider = LocationContext.Provider;

export function usePathname(): string {
  return use(LocationContext);
}
