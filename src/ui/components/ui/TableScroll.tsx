import type { ComponentProps, ReactNode } from 'react';

/**
 * Wide tables scroll sideways on phones instead of widening the page. A scrollable region must be
 * reachable by keyboard (axe: scrollable-region-focusable), hence the tab stop.
 */
export function TableScroll({ children }: { children: ReactNode }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" tabIndex={0}>
      {children}
    </div>
  );
}

/** A table inside its scrolling region: what a page body's or a post's markdown table becomes. */
export function ScrollingTable(props: ComponentProps<'table'>) {
  return (
    <TableScroll>
      <table {...props} />
    </TableScroll>
  );
}
