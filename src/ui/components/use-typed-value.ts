/**
 * For a search box in an island that hydrates on first interaction: the visitor may have typed
 * before the script arrived. Once hydrated, whatever the box holds becomes the state.
 */
import { useEffect, useRef } from 'react';

export function useTypedValue(set: (value: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current?.value) set(ref.current.value);
  }, [set]);
  return ref;
}
