/**
 * One line of a list of facts (a `dl.facts`): the term, and what it is. A product's ordering facts
 * and the investor dashboard's company facts are drawn with it.
 */
import type { ReactNode } from 'react';

export function FactRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
