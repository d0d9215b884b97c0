/**
 * What a photo may be, for the build's content check and the server's upload alike: a JPEG, PNG,
 * WebP or AVIF, told by its bytes (not its name), within a size and a pixel count. The pixel limit
 * is checked from the file's header before anything is decoded, so a small file that claims an
 * enormous picture (a decompression bomb) is refused without the memory it would take.
 */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'heif'] as const;

/** A camera's or a phone's photo is 3-12 MB; a file far larger is a mistake (a TIFF export, a video still at full depth). */
export const MAX_PHOTO_BYTES = 25 * 1024 * 1024;

/** 50 megapixels: every phone and most cameras (a 45 MP body's 8,192 x 5,464) fit; decoding one takes about 200 MB. */
export const MAX_PHOTO_PIXELS = 50_000_000;

/** The widths a photo is encoded at, those no wider than the photo itself (and the photo's own width when it is narrower than all). */
export const PHOTO_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

export function widthsFor(intrinsicWidth: number): number[] {
  const fitting = PHOTO_WIDTHS.filter((width) => width <= intrinsicWidth);
  return fitting.length ? fitting : [intrinsicWidth];
}

/** The photo's widest variant no wider than `limit` (its narrowest when every one is wider). */
export function widestUpTo(intrinsicWidth: number, limit: number): number {
  const widths = widthsFor(intrinsicWidth);
  return widths.filter((width) => width <= limit).at(-1) ?? widths[0];
}

/**
 * The variant a phone takes first (a 390 px screen at a device pixel ratio of 2-2.5 asks for
 * 960 px or less), which is also what an <img> names for browsers that read no `srcset`.
 */
export const phoneWidth = (intrinsicWidth: number) => widestUpTo(intrinsicWidth, 960);

/** The feed's picture: a reader's column, sharp on a high-density screen. */
export const feedWidth = (intrinsicWidth: number) => widestUpTo(intrinsicWidth, 1280);

/** The height of the photo resized to `width`, its proportions kept (never 0 for a very wide one). */
export function heightAt(size: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((size.height * width) / size.width));
}

/** A photo refused, with what to do about it; `file` names it (a content file's image, an upload). */
export class PhotoError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'PhotoError';
  }
}
