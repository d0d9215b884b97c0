/**
 * A labelled control of the admin's forms: the label above it, the control (the children), and a
 * hint and an error below it. The control names them with aria-describedby: the hint is
 * `${id}-hint` unless hintId says otherwise, the error `${id}-error`.
 */
import type { ReactNode } from 'react';

interface Props {
  /** The control's id, which the label points at. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  error?: ReactNode;
  /** Classes beside `field`, for the form's layout. */
  className?: string;
  children: ReactNode;
}

export function AdminField({ id, label, hint, hintId = `${id}-hint`, error, className, children }: Props) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A select's options: each value, shown by its label. */
export function LabelledOptions<V extends string>({ values, labels }: { values: readonly V[]; labels: Readonly<Record<V, string>> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
