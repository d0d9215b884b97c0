/** The providers shared by the server and client entries. */
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { DataProviders } from './data/providers';

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <DataProviders>{children}</DataProviders>
    </StrictMode>
  );
}
