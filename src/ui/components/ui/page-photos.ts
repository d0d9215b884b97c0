/**
 * The photos of content/photos/ as the Image component finds them. Where a page is rendered (the
 * pre-render, the dev server's render, the server's pages) `virtual:photos` holds every photo; in
 * the browser it holds none, so no script carries the whole list. An island's photos travel with
 * it instead: its render on the server records the photos it drew (`recordPhotos`), the markup
 * carries them (`data-photos`, runtime/islands/render.tsx) and the browser adds them (`addPhotos`)
 * before hydrating it, so the island draws the same <picture> in both places.
 */
import built from 'virtual:photos';
import type { PagePhoto } from '@/build/pipeline/photos/vite-plugin';

export type { PagePhoto };

const added: Record<string, PagePhoto> = {};
let recording: Record<string, PagePhoto> | null = null;

/** The photo at a page's address (`/photos/harvest.jpg`), or undefined for any other image. */
export function photoFor(src: string): PagePhoto | undefined {
  const photo = Object.hasOwn(added, src) ? added[src] : Object.hasOwn(built, src) ? built[src] : undefined;
  if (photo && recording) recording[src] = photo;
  return photo;
}

/** Photos the page carried beside an island, before it hydrates. */
export function addPhotos(photos: Record<string, PagePhoto>): void {
  Object.assign(added, photos);
}

/** Runs a synchronous render, and gives the photos it drew by address. */
export function recordPhotos<T>(render: () => T): { result: T; photos: Record<string, PagePhoto> } {
  const outer = recording;
  const photos: Record<string, PagePhoto> = {};
  recording = photos;
  try {
    return { result: render(), photos };
  } finally {
    recording = outer;
  }
}
