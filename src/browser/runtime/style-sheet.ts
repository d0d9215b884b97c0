/**
 * Adds a stylesheet that comes with a piece of the runtime (what only script shows needs no rules
 * in the page's first round trip). Named, so a second call adds nothing.
 */
export function addStyleSheet(name: string, css: string): void {
  if (document.head.querySelector(`style[data-sheet="${name}"]`)) return;
  const style = document.createElement('style');
  style.dataset.sheet = name;
  style.textContent = css;
  document.head.append(style);
}
