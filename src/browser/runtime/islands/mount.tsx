/**
 * Hydrates one island on its own React root. Loaded on demand by client.ts, so react-dom reaches
 * only the pages that have an island, and only when the island's time comes.
 */
import { hydrateRoot } from 'react-dom/client';
import { addPhotos, type PagePhoto } from '@/ui/components/ui/page-photos';
import type { IslandModule, IslandProps } from './island';
import { IslandRoot } from './IslandRoot';

/** Resolves once React has committed the hydrated island (its effects have run). */
export function mountIsland(element: HTMLElement, name: string, module: IslandModule, props: IslandProps): Promise<void> {
  // The photos its server render drew (render.tsx), so it draws the same <picture>s.
  if (element.dataset.photos) addPhotos(JSON.parse(element.dataset.photos) as Record<string, PagePhoto>);
  return new Promise((resolve) => {
    hydrateRoot(element, <IslandRoot name={name} module={module} props={props} onCommit={resolve} />, {
      identifierPrefix: element.dataset.prefix,
      onRecoverableError: (error) => console.error(`Island ${name} did not hydrate cleanly:`, error),
    });
  });
}
