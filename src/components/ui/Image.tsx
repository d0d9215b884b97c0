/**
 * Images reserve their size (no layout shift), load lazily unless they are in the first screen
 * (`priority`: eager, high priority, and drawn inline by the pre-render when an SVG
 * illustration), and show 'Failed to load image' in their place when they fail.
 */
import { useEffect, useRef, useState } from 'react';

interface ImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
  /** Loaded at once, without `priority`'s high priority: an image that may be in the first screen but is not its largest paint. */
  eager?: boolean;
  className?: string;
}

export function Image({ src, alt, width, height, priority = false, eager = false, className }: ImageProps) {
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
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        Failed to load image
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      onError={() => setFailed(true)}
    />
  );
}
