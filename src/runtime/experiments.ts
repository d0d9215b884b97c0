/**
 * The A/B test's browser side (loaded only on pages that show an experiment): the impression
 * when the page shows a `[data-experiment-impression]` section, once per session, and a
 * conversion per click on a `[data-experiment-conversion]` link.
 */
import { EXPERIMENTS } from '@/experiments/registry';
import { recordConversion, recordImpression } from '@/experiments/tracking';

const byId = (id: string | undefined) => EXPERIMENTS.find((experiment) => experiment.id === id);

export function startExperiments(): void {
  for (const section of document.querySelectorAll<HTMLElement>('[data-experiment-impression]')) {
    const experiment = byId(section.dataset.experimentImpression);
    if (experiment) recordImpression(experiment);
  }
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLElement>('[data-experiment-conversion]');
    const experiment = byId(link?.dataset.experimentConversion);
    if (experiment) recordConversion(experiment);
  });
}
