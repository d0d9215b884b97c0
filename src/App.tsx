/** The providers shared by the server and client entries. */
import type { ReactNode } from 'react';
import { StrictMode } from 'react';

export function AppShell({ children }: { children: ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}
