/**
 * The parts every admin list's section draws alike: the heading, its title and, once known, how
 * many it holds (it takes focus, tabIndex -1, so that closing a dialog or deleting a record can
 * return the keyboard to it); the Export CSV button; the status line; and what the section says
 * when its list could not be loaded or the server has none yet.
 */
import type { ReactNode, Ref } from 'react';
import type { SectionInfo } from './sections';

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

/** The section's list could not be loaded from the server, and why. */
export function LoadFailed({ section, reason }: { section: SectionInfo; reason: string }) {
  return (
    <p role="alert" className="admin-error">
      Could not load the {section.many} from the server: {reason}. Reload the page to try again.
    </p>
  );
}

/** The server holds none of the section's submissions yet: where they come from. */
export function NoneReceived({ section }: { section: SectionInfo }) {
  return (
    <p className="admin-empty">
      The server has received no {section.many} yet. They appear here when a visitor sends the <a href={section.source.href}>{section.source.label}</a> form.
    </p>
  );
}
