/**
 * Tooltip for an icon-only button (seed §9 timing, see tooltip-timing.ts): opens after 700 ms of
 * hover or at once on keyboard focus, closes on pointer leave (after a short grace so the pointer
 * can move onto it), blur, press and Escape. The tooltip element is always in the markup, hidden
 * while closed, so the button's aria-describedby always points at it, with JavaScript off too.
 *
 * Usage: <Tooltip content="Switch to dark theme"><button aria-label="Switch to dark theme" ...></Tooltip>
 */
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactElement } from 'react';
import { CLOSE_GRACE_MS, delayFor, markClosed, markOpen } from './tooltip-timing';

type TriggerProps = HTMLAttributes<HTMLElement>;
export type TooltipSide = 'top' | 'bottom';
/** Space between the button and its tooltip, and between the tooltip and the viewport's edge. */
const GAP = 8;

function isKeyboardFocus(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: show it for every focus
  }
}

/** Open state plus one controller object per tooltip; the shared timing state knows it by identity. */
function useTooltipState() {
  const [open, setOpen] = useState(false);
  const [controller] = useState(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isOpen = false;
    // The button, known from the first hover or focus (the tooltip is placed against it).
    let anchor: HTMLElement | null = null;
    const self = {
      anchor: () => anchor,
      show(from: HTMLElement) {
        anchor = from;
        clearTimeout(timer);
        if (isOpen) return;
        markOpen(self);
        isOpen = true;
        setOpen(true);
      },
      close() {
        clearTimeout(timer);
        if (!isOpen) return;
        isOpen = false;
        markClosed(self, performance.now());
        setOpen(false);
      },
      hoverStart(from: HTMLElement) {
        clearTimeout(timer);
        const delay = delayFor(self, performance.now());
        if (delay === 0) self.show(from);
        else timer = setTimeout(() => self.show(from), delay);
      },
      /** Pointer left: cancel a pending open, or close after the grace period. */
      closeSoon() {
        clearTimeout(timer);
        timer = isOpen ? setTimeout(self.close, CLOSE_GRACE_MS) : undefined;
      },
      keepOpen() {
        clearTimeout(timer);
      },
    };
    return self;
  });
  useEffect(() => () => controller.close(), [controller]);
  return { open, controller };
}

export function Tooltip({ content, side = 'bottom', children }: { content: string; side?: TooltipSide; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const { open, controller } = useTooltipState();
  const tipRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') controller.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, controller]);

  // Placed against the button in viewport coordinates. Measuring the tooltip at (0, 0) first gives
  // its containing block's origin, which is not the viewport inside the header (backdrop-filter).
  // Runs after every render while open: the text (and so the width) can change.
  useLayoutEffect(() => {
    const tip = tipRef.current;
    const anchor = controller.anchor();
    if (!open || !tip || !anchor) return;
    tip.style.left = '0px';
    tip.style.top = '0px';
    const origin = tip.getBoundingClientRect();
    const box = anchor.getBoundingClientRect();
    const maxLeft = document.documentElement.clientWidth - origin.width - GAP;
    const left = Math.max(GAP, Math.min(box.left + box.width / 2 - origin.width / 2, maxLeft));
    const top = side === 'top' ? box.top - origin.height - GAP : box.bottom + GAP;
    tip.style.left = `${left - origin.left}px`;
    tip.style.top = `${top - origin.top}px`;
  });

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': [own['aria-describedby'], id].filter(Boolean).join(' '),
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      controller.hoverStart(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      controller.closeSoon();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      controller.close();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (isKeyboardFocus(event.currentTarget)) controller.show(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      controller.close();
    },
  } satisfies TriggerProps);

  return (
    <>
      {trigger}
      <span
        ref={tipRef}
        id={id}
        role="tooltip"
        className="tooltip"
        data-side={side}
        hidden={!open}
        onPointerEnter={() => controller.keepOpen()}
        onPointerLeave={() => controller.closeSoon()}
      >
        {content}
      </span>
    </>
  );
}
