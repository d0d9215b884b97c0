// The module src/build/pipeline/photos/vite-plugin.ts generates: content/photos/ by the address pages use.
declare module 'virtual:photos' {
  const photos: Record<string, import('./vite-plugin').PagePhoto>;
  export default photos;
}
