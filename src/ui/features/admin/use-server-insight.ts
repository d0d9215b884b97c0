/**
 * Loads something the admin reads from the site's server (A/B results, field data) once the
 * dashboard knows it has a server session (lead-source.tsx, the dashboard's one check): 'none' on a
 * static host or without a session (the caller shows this browser's own numbers or nothing), the
 * data, or the reason it failed, with a retry.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '@/browser/api/portal-api';
import { useLeadSource } from './lead-source';
import { errorMessage } from '../../../shared/error-message';

export type Insight<T> = { kind: 'checking' } | { kind: 'none' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

export function useServerInsight<T>(load: () => Promise<T>): { state: Insight<T>; retry: () => void } {
  const source = useLeadSource().kind;
  const [loaded, setLoaded] = useState<{ attempt: number; result: Insight<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (source !== 'server') return;
    let live = true;
    load().then(
      (data) => live && setLoaded({ attempt, result: { kind: 'ready', data } }),
      (error: unknown) => {
        if (!live) return;
        const result: Insight<T> = error instanceof ApiError && error.signedOut ? { kind: 'none' } : { kind: 'failed', message: errorMessage(error) };
        setLoaded({ attempt, result });
      },
    );
    return () => {
      live = false;
    };
  }, [source, load, attempt]);

  let state: Insight<T>;
  if (source === 'browser') state = { kind: 'none' };
  else if (source === 'checking' || !loaded || loaded.attempt !== attempt) state = { kind: 'checking' };
  else state = loaded.result;
  return { state, retry: () => setAttempt((n) => n + 1) };
}
