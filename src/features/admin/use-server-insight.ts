/**
 * Loads something the admin reads from the site's server (A/B results, field data) once the page
 * knows a server is there: 'none' on a static host or without a server session (the caller shows
 * this browser's own numbers or nothing), the data, or the reason it failed, with a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/api/portal-api';
import { sameOriginServer } from '@/api/same-origin-server';

export type Insight<T> = { kind: 'checking' } | { kind: 'none' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

export function useServerInsight<T>(load: () => Promise<T>): { state: Insight<T>; retry: () => void } {
  const [state, setState] = useState<Insight<T>>({ kind: 'checking' });

  const fetchIt = useCallback(async () => {
    try {
      setState({ kind: 'ready', data: await load() });
    } catch (error) {
      if (error instanceof ApiError && error.signedOut) setState({ kind: 'none' });
      else setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }, [load]);

  useEffect(() => {
    let live = true;
    void sameOriginServer().then((presence) => {
      if (!live) return;
      if (presence === 'present') void fetchIt();
      else setState({ kind: 'none' });
    });
    return () => {
      live = false;
    };
  }, [fetchIt]);

  return { state, retry: () => void fetchIt() };
}
