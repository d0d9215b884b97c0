/**
 * The skip link moves focus to <main> and scrolls there without putting '#main' in the address
 * (a reload or a shared link would otherwise jump past the header). Without JavaScript the plain
 * link does the same, with the fragment.
 */
export function startSkipLink(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a.skip-link[href="#main"]')) {
    link.addEventListener('click', (event) => {
      const main = document.getElementById('main');
      if (!main) return;
      event.preventDefault();
      main.focus();
      main.scrollIntoView({ block: 'start' });
    });
  }
}
