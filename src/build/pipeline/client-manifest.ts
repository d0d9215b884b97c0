/**
 * Vite's manifest of the client build (dist/.vite/manifest.json): each source module, keyed by its
 * path from the project root, with its chunk and what that chunk imports.
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ClientManifest = Record<string, ManifestChunk>;

/** Where a client build in `distDir` writes its manifest (the pre-render then moves it out of the site). */
export const builtManifestFile = (distDir: string) => path.join(distDir, '.vite/manifest.json');

export function readClientManifest(file: string): ClientManifest {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ClientManifest;
}

/**
 * The manifest's key for a source file such as `src/ui/styles/pages/05-forms.css`, or undefined when the build
 * has no such module. A project whose src/ is a link (the build benchmark's copy) gets keys such as
 * `../…/src/ui/styles/pages/05-forms.css`.
 */
export function manifestKey(manifest: ClientManifest, source: string): string | undefined {
  return source in manifest ? source : Object.keys(manifest).find((key) => key.endsWith(`/${source}`));
}
