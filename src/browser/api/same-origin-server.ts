/**
 * Whether the page was served by the site's own server (src/server/, `npm start`) or by a static
 * host. The forms and the admin dashboard use the server's API only when it is there; on a static
 * host they keep working from this browser's storage. The answer is asked for once per page.
 *
 * Only the server's health answer counts as "present": a JSON object naming its database. A
 * static host answers /api/health with its 404 page, a 405, or an HTML fallback, all "absent".
 * No answer at all (offline, timeout) is "unknown": the caller decides, and the next call asks again.
 */
export type ServerPresence = 'present' | 'absent' | 'unknown';

const PROBE_TIMEOUT_MS = 8_000;

let pending: Promise<ServerPresence> | undefined;

export async function probeServer(fetchImpl: typeof fetch = fetch): Promise<ServerPresence> {
  let response: Response;
  try {
    response = await fetchImpl('/api/health', { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch {
    return 'unknown';
  }
  if (!response.headers.get('content-type')?.includes('application/json')) return 'absent';
  try {
    const body: unknown = await response.json();
    // A 503 with this body is still our server (its database is down): posts will fail and say so.
    return typeof body === 'object' && body !== null && 'db' in body ? 'present' : 'absent';
  } catch {
    return 'absent';
  }
}

/** The page's one probe, shared by every caller; an "unknown" answer is forgotten so the next call retries. */
export function sameOriginServer(): Promise<ServerPresence> {
  pending ??= probeServer().then((presence) => {
    if (presence === 'unknown') pending = undefined;
    return presence;
  });
  return pending;
}
