/**
 * A tooltip for an icon-only button: the tooltip is in the markup, hidden, and the button's
 * aria-describedby points at it, with JavaScript off too. src/browser/runtime/tooltips.ts opens it
 * (after 700 ms of hover, at once on keyboard focus) and places it.
 *
 * Usage: <Tooltip content="Open menu"><button aria-label="Open menu" ...></Tooltip>
 */
import { cloneElement, useId, type HTMLAttributes, type ReactElement } from 'react';

type TooltipSide = 'top' | 'bottom';

export function Tooltip({ content, side = 'bottom', children }: { content: string; side?: TooltipSide; children: ReactElement<HTMLAttributes<HTMLElement>> }) {
  const id = useId();
  const own = children.props['aria-describedby'];
  return (
    <>
      {cloneElement(children, { 'aria-describedby': [own, id].filter(Boolean).join(' ') })}
      <span id={id} role="tooltip" className="tooltip" data-side={side} hidden>
        {content}
      </span>
    </>
  );
}
