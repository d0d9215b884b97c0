/**
 * Tooltips of icon-only buttons (markup from src/ui/components/ui/Tooltip.tsx): open after 700 ms of
 * hover or at once on keyboard focus (timing rules in tooltip-timing.ts), close on pointer leave
 * (after a short grace so the pointer can move onto the tooltip), press, blur and Escape.
 */
import { CLOSE_GRACE_MS, delayFor, markClosed, markOpen } from './tooltip-timing';

/** Space between the button and its tooltip, and between the tooltip and the viewport's edge. */
const GAP = 8;

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: show it for every focus
  }
}

/**
 * Placed against the button in viewport coordinates; measuring at (0, 0) first gives the containing
 * block's origin (the header's backdrop-filter makes one). Left and top, not the logical insets:
 * getBoundingClientRect is physical, and centred on its button the tooltip needs no mirroring.
 */
function place(tip: HTMLElement, anchor: HTMLElement): void {
  tip.style.left = '0px';
  tip.style.top = '0px';
  const origin = tip.getBoundingClientRect();
  const box = anchor.getBoundingClientRect();
  const maxLeft = document.documentElement.clientWidth - origin.width - GAP;
  const left = Math.max(GAP, Math.min(box.left + box.width / 2 - origin.width / 2, maxLeft));
  const top = tip.dataset.side === 'top' ? box.top - origin.height - GAP : box.bottom + GAP;
  tip.style.left = `${left - origin.left}px`;
  tip.style.top = `${top - origin.top}px`;
}

function bind(trigger: HTMLElement, tip: HTMLElement): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const self = {
    show() {
      clearTimeout(timer);
      if (!tip.hidden) return;
      markOpen(self);
      tip.hidden = false;
      place(tip, trigger);
    },
    close() {
      clearTimeout(timer);
      if (tip.hidden) return;
      tip.hidden = true;
      markClosed(self, performance.now());
    },
    closeSoon() {
      clearTimeout(timer);
      timer = tip.hidden ? undefined : setTimeout(self.close, CLOSE_GRACE_MS);
    },
  };
  trigger.addEventListener('pointerenter', (event) => {
    if (event.pointerType === 'touch') return;
    clearTimeout(timer);
    const delay = delayFor(self, performance.now());
    if (delay === 0) self.show();
    else timer = setTimeout(self.show, delay);
  });
  trigger.addEventListener('pointerleave', self.closeSoon);
  trigger.addEventListener('pointerdown', self.close);
  trigger.addEventListener('focus', () => isKeyboardFocus(trigger) && self.show());
  trigger.addEventListener('blur', self.close);
  tip.addEventListener('pointerenter', () => clearTimeout(timer));
  tip.addEventListener('pointerleave', self.closeSoon);
  document.addEventListener('keydown', (event) => event.key === 'Escape' && self.close());
}

export function startTooltips(): void {
  for (const trigger of document.querySelectorAll<HTMLElement>('[aria-describedby]')) {
    for (const id of (trigger.getAttribute('aria-describedby') ?? '').split(/\s+/)) {
      const tip = document.getElementById(id);
      if (tip?.getAttribute('role') === 'tooltip') bind(trigger, tip);
    }
  }
}
