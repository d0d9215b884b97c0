/**
 * Clicks on links marked `data-track="event_name"` (social profiles, WhatsApp) go to the
 * analytics hook when the page has one; `data-track-<param>` attributes become the event's
 * parameters (`data-track-network="linkedin"` → { network: 'linkedin' }).
 */
import { track } from '@/browser/analytics/tag';

export function startClickTracking(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-track]');
    if (!link) return;
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(link.dataset)) {
      if (key.startsWith('track') && key !== 'track' && value !== undefined) params[key.slice(5).toLowerCase()] = value;
    }
    track(link.dataset.track ?? '', params);
  });
}
