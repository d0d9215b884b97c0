/**
 * Open/closed state of a disclosure (dropdown, menu) that closes on Escape (focus returns to the
 * control that opened it), on a click outside it, when keyboard focus leaves it, and on route
 * change.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export function useDisclosure<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  /**
   * `returnFocus` moves focus back to the control. It is also done whenever focus sits inside the
   * closing panel: hiding the focused element would otherwise drop keyboard users at the top of
   * the document.
   */
  const close = useCallback((returnFocus = false) => {
    const focusInside = containerRef.current?.contains(document.activeElement) ?? false;
    setOpen(false);
    if (returnFocus || (focusInside && document.activeElement !== buttonRef.current)) buttonRef.current?.focus();
  }, []);

  // Route changes close the disclosure; `pathname` is the trigger, not a value read inside.
  // oxlint-disable-next-line react/exhaustive-effect-dependencies, react/set-state-in-effect
  useEffect(() => close(), [pathname, close]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    const onFocus = (event: FocusEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, close]);

  const toggle = useCallback(() => setOpen((o) => !o), []);
  return { open, setOpen, toggle, close, containerRef, buttonRef };
}
