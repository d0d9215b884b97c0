/**
 * What the admin has open, kept in the page's address so that a reload (or the address shared)
 * opens it again: a buyer's lead in the desk (?lead=), a partnership application in its pipeline
 * (?application=), a record in its own list (?record=) and a buyer's page (?buyer=), the
 * parameters of src/shared/domain/admin-links.ts. The
 * desk writes its filters into the same address and keeps these beside them.
 */
export const OPEN_PARAMS = ['lead', 'application', 'record', 'buyer'] as const;
export type OpenParam = (typeof OPEN_PARAMS)[number];

/** The page's address with `params` as its query (the path and hash kept), without a new history entry. */
function replaceQuery(params: URLSearchParams): void {
  const query = params.toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
  if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(window.history.state, '', url);
}

/** The desk's filters' query with what the address has open kept after it. */
export function writeDeskAddress(filterQuery: string): void {
  const current = new URLSearchParams(window.location.search);
  const params = new URLSearchParams(filterQuery);
  for (const name of OPEN_PARAMS) {
    const id = current.get(name);
    if (id !== null) params.set(name, id);
  }
  replaceQuery(params);
}

/** Names what is now open under `name` in the address, or, with null, that nothing is. */
export function writeOpen(name: OpenParam, id: string | null): void {
  const params = new URLSearchParams(window.location.search);
  if (id === null) params.delete(name);
  else params.set(name, id);
  replaceQuery(params);
}
