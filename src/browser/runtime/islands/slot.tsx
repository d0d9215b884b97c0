/**
 * Where an island places the static HTML its page gave it as children. The same HTML is rendered
 * by the pre-render and read back from the page before hydration, so both renders agree.
 */
export const SLOT_TAG = 'gb-slot';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'gb-slot': { dangerouslySetInnerHTML: { __html: string } };
    }
  }
}

export function IslandSlot({ html }: { html: string | undefined }) {
  return <gb-slot dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
