/** Shown while a route module loads during client-side navigation. */
export function Loading() {
  return (
    <div role="status" aria-live="polite" className="loading">
      Loading…
    </div>
  );
}
