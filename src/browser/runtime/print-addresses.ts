/**
 * Links on paper: a printed page cannot be clicked, so the print sheet writes each link's address
 * after its words ('our shipping terms (garlicbrothers.example/shipping-logistics)'), and a buyer
 * reading a spec sheet or the shipping page on paper can still find what it points to. A page's
 * own links are relative (`/shipping-logistics`); the sheet puts the site's address before them,
 * which is set here on `beforeprint` from the page's canonical link (so a copy of the site on
 * another host prints the real one). Without it, as without JavaScript, the sheet prints the
 * addresses of other sites' links only. In the entry script, not a chunk of its own: the browser
 * prints as soon as the `beforeprint` handlers return, before a chunk loaded then could run.
 */

/** The site's host for printed addresses: the canonical link's, else the page's own. */
export function printedSite(canonical: string | undefined, page: string): string {
  return new URL(canonical || page).host;
}

export function startPrintAddresses(): void {
  window.addEventListener('beforeprint', () => {
    const site = printedSite(document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href, window.location.href);
    document.documentElement.style.setProperty('--print-site', JSON.stringify(site));
  });
}
