/**
 * 'Failed to load image' in place of an image that fails, outside the islands (an island's own
 * <Image> component does this in React). An image can fail before this script runs: those are
 * found by their state (complete with no size); later failures arrive as error events, which do
 * not bubble, hence the capturing listener.
 */
const FAILED_TEXT = 'Failed to load image';

function replace(img: HTMLImageElement): void {
  if (img.closest('gb-island') || !img.isConnected) return;
  const box = document.createElement('span');
  // It says what the image said: its text alternative, or nothing at all for a decorative one.
  if (img.alt) {
    box.setAttribute('role', 'img');
    box.setAttribute('aria-label', img.alt);
  } else {
    box.setAttribute('aria-hidden', 'true');
  }
  box.className = `img-failed ${img.className}`.trim();
  const width = img.getAttribute('width');
  const height = img.getAttribute('height');
  if (width && height) box.style.aspectRatio = `${width} / ${height}`;
  box.textContent = FAILED_TEXT;
  img.replaceWith(box);
}

export function startImageFallbacks(): void {
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) replace(event.target);
    },
    true,
  );
  for (const img of document.images) if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) replace(img);
}
