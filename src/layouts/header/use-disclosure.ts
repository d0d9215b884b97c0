/**
 * Open/closed state of a disclosure (dropdown, menu) that closes on Escape (focus returns to the
 * control that opened it), on a click outside it, and on route change.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export function useDisclosure<T extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // Route changes close the disclosure; `pathname` is the trigger, not a value read inside.
  // oxlint-disable-next-line react/exhaustive-effect-dependencies, react/set-state-in-effect
  useEffect(() => close(), [pathname, close]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  return { open, setOpen, toggle: () => setOpen((o) => !o), close, containerRef, buttonRef };
}
