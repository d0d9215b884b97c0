/**
 * The heading of an admin list's section: its title and, once known, how many it holds. It takes
 * focus (tabIndex -1) so that closing a dialog or deleting a record can return the keyboard to it.
 */
import type { ReactNode, Ref } from 'react';

interface Props {
  id: string;
  headingRef: Ref<HTMLHeadingElement>;
  title: string;
  /** Null while the list is loading: no number is shown rather than a wrong one. */
  count: number | null;
}

export function SectionHeading({ id, headingRef, title, count }: Props) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1}>
      {title}{' '}
      {count !== null && (
        <span className="admin-count" data-count={count}>
          {count}
        </span>
      )}
    </h2>
  );
}

/** The section's Export CSV button. */
export function ExportButton({ onExport, disabled }: { onExport: () => void; disabled: boolean }) {
  return (
    <button type="button" className="btn btn-secondary btn-small" onClick={onExport} disabled={disabled}>
      Export CSV
    </button>
  );
}

/** The section's last message, read out when it changes, and Undo for the record it just removed, if any. */
export function SectionStatus({ message, undo }: { message: ReactNode; undo: { label: string; run: () => void } | null }) {
  return (
    <>
      <p role="status" className="admin-status">
        {message}
      </p>
      {undo && (
        <button type="button" className="btn btn-secondary btn-small" onClick={undo.run} aria-label={undo.label}>
          Undo
        </button>
      )}
    </>
  );
}
