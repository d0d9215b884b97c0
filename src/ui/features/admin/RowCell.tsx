/**
 * A part of a row in the admin's lists (LeadList, PartnerPipeline): what it shows, preceded by the
 * words a screen reader says before it (", country: "), hidden on screen, so the row's button reads
 * as one sentence.
 */
import type { ReactNode } from 'react';

export function RowCell({ className, spoken, children }: { className: string; spoken: string; children: ReactNode }) {
  return (
    <span className={className}>
      <span className="visually-hidden">{spoken}</span>
      {children}
    </span>
  );
}

/** The lead's country in its own direction, or a dash (silent) when it gave none. */
export function CountryCell({ country }: { country: string | undefined }) {
  return (
    <RowCell className="lead-country" spoken=", country: ">
      {country ? <bdi>{country}</bdi> : <span aria-hidden="true">–</span>}
    </RowCell>
  );
}
