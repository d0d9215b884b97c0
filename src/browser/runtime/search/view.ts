/**
 * What the search box and the search page share: answering what is typed as it is typed (the
 * latest query wins), the results drawn with their count in a live region, and the arrow keys
 * moving between the query and the results (Enter opens the result that has focus).
 */
import { correctedHtml, countText, resultsHtml } from '@/shared/domain/search/results-markup';
import { within } from '@/shared/domain/search/search-limits';
import type { SearchEngine } from './engine';

export interface SearchView {
  input: HTMLInputElement;
  /** The live region that says how many results there are. */
  status: HTMLElement;
  results: HTMLElement;
}

/** How long an answer may take before the visitor is told the search could not load (a slow phone on a slow network takes seconds). */
const SEARCH_TIMEOUT_MS = 30_000;

/** How long typing may pause before the query is asked (each answer costs fragment requests). */
const TYPING_PAUSE_MS = 150;

/** Answers the query in the view with at most `shown` results; resolves once drawn (or once a later query has taken over). */
export function createAnswerer(view: SearchView, engine: Promise<SearchEngine>, shown: number) {
  let latest = 0;
  return async (query: string): Promise<void> => {
    const asked = ++latest;
    if (!query.trim()) {
      view.results.innerHTML = '';
      view.status.textContent = '';
      return;
    }
    try {
      const { search, words } = await engine;
      view.status.textContent = words.ui.searching;
      const outcome = await within(SEARCH_TIMEOUT_MS, search(query, shown));
      if (asked !== latest) return;
      view.results.innerHTML = correctedHtml(words.ui, outcome.corrected) + resultsHtml(outcome.hits, words.ui);
      view.status.textContent = countText(words.ui, outcome.total, query.trim());
      // Which query the results answer (tests and styles can tell an answer from the one before).
      view.results.dataset.answered = query;
    } catch {
      if (asked !== latest) return;
      const words = await engine.then((loaded) => loaded.words.ui.failed).catch(() => null);
      view.status.textContent = words ?? '';
      view.results.innerHTML = '';
    }
  };
}

/** Answers as the visitor types, after a short pause; `onQuery` hears each query asked. */
export function answerAsTyped(view: SearchView, answer: (query: string) => Promise<void>, onQuery?: (query: string) => void): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  view.input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      onQuery?.(view.input.value);
      void answer(view.input.value);
    }, TYPING_PAUSE_MS);
  });
}

/** ArrowDown from the query to the first result, Up and Down between results, Up from the first back to the query. */
export function arrowKeys(view: SearchView): void {
  const links = () => [...view.results.querySelectorAll<HTMLAnchorElement>('a.search-result-link')];
  view.input.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown') return;
    const first = links()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  });
  view.results.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    const at = all.indexOf(event.target as HTMLAnchorElement);
    if (at < 0) return;
    event.preventDefault();
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) view.input.focus();
    else all[Math.min(next, all.length - 1)].focus();
  });
}
