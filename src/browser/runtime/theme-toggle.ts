/** The header's theme button: switches between light and dark, and its label names what it switches to. */
import { oppositeTheme, resolveTheme, setThemeChoice, subscribeTheme } from '@/browser/theme/theme';

export function startThemeToggle(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-theme-toggle]')];
  if (!buttons.length) return;
  const label = () => {
    const target = oppositeTheme(resolveTheme());
    for (const button of buttons) {
      // The page carries both labels in its own language.
      const text = (target === 'dark' ? button.dataset.toDark : button.dataset.toLight) ?? `Switch to ${target} theme`;
      button.setAttribute('aria-label', text);
      const tip = button.getAttribute('aria-describedby');
      const tooltip = tip ? document.getElementById(tip.split(' ').pop() ?? '') : null;
      if (tooltip) tooltip.textContent = text;
    }
  };
  for (const button of buttons) button.addEventListener('click', () => setThemeChoice(oppositeTheme(resolveTheme())));
  label();
  subscribeTheme(label);
}
