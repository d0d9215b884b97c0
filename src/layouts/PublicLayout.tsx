/** Public pages: skip link (first in tab order), header, the page, footer and the floating chat button. */
import type { MouseEvent, ReactNode } from 'react';
import { ChatButton } from './ChatButton';
import { Footer } from './Footer';
import { Header } from './header/Header';

/**
 * Focuses <main> directly instead of following '#main': a fragment navigation would reach the
 * router as a location change (and add '#main' to the address). Without JavaScript the plain
 * link still works.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ChatButton />
    </>
  );
}
