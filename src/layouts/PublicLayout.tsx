/** Public pages: skip link (first in tab order), header, the page, footer and the floating chat button. */
import type { ReactNode } from 'react';
import { ChatButton } from './ChatButton';
import { Footer } from './Footer';
import { Header } from './header/Header';

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
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
