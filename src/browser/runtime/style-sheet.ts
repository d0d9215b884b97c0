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

/**
 * Resolves once every stylesheet the page links has loaded or failed. The footer's and the print
 * sheet are added only after the first paint (the entry loader in src/build/pipeline/head-scripts.ts,
 * which removes one that fails), so the page counts as started (`data-hydrated`) once they are in.
 */
export function linkedSheetsSettled(): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  return Promise.all(
    pending.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
    ),
  ).then(() => undefined);
}
