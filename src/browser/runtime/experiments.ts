/**
 * The A/B test's browser side (loaded only on pages that show an experiment): a conversion per
 * click on a `[data-experiment-conversion]` link, counted from the moment the runtime has started,
 * and the impression of each `[data-experiment-impression]` section, once per session.
 */
import { EXPERIMENTS } from '@/shared/experiments/registry';
import { recordConversion, recordImpression } from '@/browser/experiments/tracking';

const byId = (id: string | undefined) => EXPERIMENTS.find((experiment) => experiment.id === id);

export function trackConversions(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-experiment-conversion]');
    const experiment = byId(link?.dataset.experimentConversion);
    if (experiment) recordConversion(experiment);
  });
}

export function recordImpressions(): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-experiment-impression]')) {
    const experiment = byId(section.dataset.experimentImpression);
    if (experiment) recordImpression(experiment);
  }
}
