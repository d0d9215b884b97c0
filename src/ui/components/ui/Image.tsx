/**
 * Images reserve their size (no layout shift), load lazily unless they are in the first screen
 * (`priority`: eager, high priority, and drawn inline by the pre-render when an SVG
 * illustration), and show 'Failed to load image' in their place when they fail. A photo of
 * content/photos/ (`/photos/…`) is a <picture> of its AVIF and WebP variants, at the width the
 * layout gives it (`sizes`), its box filled with its average colour until it arrives (page-photos.ts
 * says where the browser finds it).
 */
import { useEffect, useRef, useState } from 'react';
import type { CoverPhoto } from '@/shared/domain/posts/post';
import { photoFor } from './page-photos';

interface ImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  /** Loaded at once, without `priority`'s high priority: an image that may be in the first screen but is not its largest paint. */
  eager?: boolean;
  className?: string;
  /** For a photo: the width it is shown at, for the browser's choice of variant (the page's text column by default). */
  sizes?: string;
  /** A photo's variants given with the data (a cover uploaded on the server); else found by `src` (page-photos.ts). */
  photo?: CoverPhoto;
}

/** The page's text column (--measure, 52rem) at most. */
const PROSE_SIZES = '(min-width: 54rem) 52rem, calc(100vw - 2rem)';

export function Image({ src, alt, width, height, priority = false, eager = false, className, sizes = PROSE_SIZES, photo: given }: ImageProps) {
  const photo = given ?? photoFor(src);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image can fail before hydration attaches onError; a complete image with no size has failed.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) {
    return (
      <span
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        className={`img-failed ${className ?? ''}`}
        style={{ aspectRatio: photo ? `${photo.width} / ${photo.height}` : `${width} / ${height}` }}
      >
        Failed to load image
      </span>
    );
  }
  const img = (
    <img
      ref={ref}
      src={photo ? photo.fallback : src}
      alt={alt}
      // A photo's own size, whatever a page typed: the box then always has the picture's shape.
      width={photo ? photo.width : width}
      height={photo ? photo.height : height}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={photo ? { backgroundColor: photo.placeholder } : undefined}
      onError={() => setFailed(true)}
    />
  );
  if (!photo) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={photo.srcset.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.srcset.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
