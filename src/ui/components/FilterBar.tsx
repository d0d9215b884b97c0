/**
 * The search box, category chips and result count above a filtered list (the blog and the FAQ).
 * The list owns the query and the chosen chip; this draws them the same way wherever they are used,
 * and keeps what a visitor typed before the island hydrated.
 */
import { useId, type ReactNode } from 'react';
import { useTypedValue } from './use-typed-value';

interface FilterChip<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string> {
  searchLabel: string;
  placeholder: string;
  /** The chips' group name for screen readers, in the page's language. */
  chipsLabel: string;
  query: string;
  /** Must keep its identity between renders (a state setter): the typed-before-hydration value is applied once. */
  onQueryChange: (query: string) => void;
  chips: readonly FilterChip<T>[];
  chosen: T;
  onChoose: (value: T) => void;
  /** The result count, announced as it changes. */
  status: ReactNode;
}

export function FilterBar<T extends string>({ searchLabel, placeholder, chipsLabel, query, onQueryChange, chips, chosen, onChoose, status }: Props<T>) {
  const searchRef = useTypedValue(onQueryChange);
  const searchId = useId();
  return (
    <div className="filters">
      <label htmlFor={searchId} className="field-label">
        {searchLabel}
      </label>
      <input
        ref={searchRef}
        id={searchId}
        type="search"
        className="input"
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
        placeholder={placeholder}
      />
      <div className="chips" role="group" aria-label={chipsLabel}>
        {chips.map((chip) => (
          <button key={chip.value} type="button" className="chip" aria-pressed={chosen === chip.value} onClick={() => onChoose(chip.value)}>
            {chip.label}
          </button>
        ))}
      </div>
      <p role="status" className="result-count">
        {status}
      </p>
    </div>
  );
}
