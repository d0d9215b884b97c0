/**
 * The header's scroll state: the progress bar (0-100 %) and the compact header after more than
 * 6 px, updated at most once per frame.
 */
import { isCompact, scrollProgress } from '@/ui/layouts/header/scroll';

export function startHeaderScroll(): void {
  const header = document.querySelector<HTMLElement>('.site-header');
  const bar = header?.querySelector<HTMLElement>('.scroll-progress');
  if (!header || !bar) return;
  let frame = 0;
  const update = () => {
    frame = 0;
    const { scrollY, innerHeight } = window;
    bar.style.transform = `scaleX(${scrollProgress(scrollY, document.documentElement.scrollHeight, innerHeight) / 100})`;
    if (isCompact(scrollY)) header.setAttribute('data-compact', 'true');
    else header.removeAttribute('data-compact');
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(update);
  };
  update();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  // Late content (images, fonts, an island) changes the scrollable height without a scroll.
  new ResizeObserver(schedule).observe(document.body);
}
