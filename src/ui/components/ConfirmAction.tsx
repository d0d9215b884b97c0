/**
 * A destructive action behind an in-page confirmation: the button opens a short question with
 * a confirm and a cancel button (focus goes to cancel, Escape cancels, focus returns to the
 * button). Confirming leaves the focus to the caller: what it acted on may be gone.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

interface Props {
  label: string;
  /** The button's accessible name when its label alone does not say what it acts on. */
  triggerName?: string;
  /** The button's classes; a danger outline unless the button sits among plain ones. */
  triggerClassName?: string;
  /** For a caller that returns focus to the button later (after a failure it reports). */
  triggerRef?: (button: HTMLButtonElement | null) => void;
  question: string;
  /** The confirmation's accessible name; the question by default. */
  groupName?: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  disabled?: boolean;
}

export function ConfirmAction({
  label,
  triggerName,
  triggerClassName = 'btn btn-danger-outline btn-small',
  triggerRef,
  question,
  groupName,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  disabled = false,
}: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);
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
        ref={(element) => {
          trigger.current = element;
          triggerRef?.(element);
        }}
        type="button"
        className={triggerClassName}
        aria-label={triggerName}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open && (
        <div id={`${id}-panel`} role="group" aria-label={groupName} aria-labelledby={groupName ? undefined : `${id}-question`} className="confirm-panel">
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
              {cancelLabel}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
