/** Public pages: skip link (first in tab order), header, the page, footer and the floating chat button. */
import type { ReactNode } from 'react';
import { useUi } from '@/ui/i18n/ui';
import { ChatButton } from './ChatButton';
import { Footer } from './Footer';
import { Header } from './header/Header';

export function PublicLayout({ children }: { children: ReactNode }) {
  const { strings } = useUi();
  return (
    <>
      <a className="skip-link" href="#main">
        {strings.shell.skipToContent}
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
