/**
 * A destructive action behind an in-page confirmation: the button opens a short question with
 * a confirm and a Cancel button (focus goes to Cancel, Escape cancels, focus returns).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface Props {
  label: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}

export function ConfirmAction({ label, question, confirmLabel, onConfirm, disabled = false }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) cancel.current?.focus();
    else if (wasOpen.current) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
  };

  return (
    <div className="confirm-action">
      <button
        ref={trigger}
        type="button"
        className="btn btn-danger-outline btn-small"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open && (
        <div id={`${id}-panel`} role="group" aria-labelledby={`${id}-question`} className="confirm-panel">
          <p id={`${id}-question`}>{question}</p>
          <div className="confirm-buttons">
            <button
              type="button"
              className="btn btn-danger btn-small"
              onKeyDown={cancelOnEscape}
              onClick={() => {
                wasOpen.current = false;
                setOpen(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
            <button ref={cancel} type="button" className="btn btn-secondary btn-small" onKeyDown={cancelOnEscape} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
