/** A note set apart from the text around it, with an optional title: an MDX block, which the investor dashboard uses too. */
import type { ReactNode } from 'react';

export function Callout({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <aside className="callout">
      {title && <p className="callout-title">{title}</p>}
      {children}
    </aside>
  );
}
