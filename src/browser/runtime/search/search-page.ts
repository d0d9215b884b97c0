/**
 * The search page in the browser: the query in the address (`?q=`) is answered when the page
 * opens, what is typed is answered as it is typed and kept in the address (one history entry for
 * a run of typing, one for each query sent), and the back button shows the query it returns to.
 * Nothing of the search loads before there is a query or the visitor reaches for the box.
 */
import css from '@/ui/styles/script/search.css?inline';
import { addStyleSheet } from '../style-sheet';
import { SHOWN_RESULTS } from '@/shared/domain/search/search-limits';
import { loadSearch } from './engine';
import { answerAsTyped, arrowKeys, createAnswerer, type SearchView } from './view';

function queryInAddress(): string {
  return new URLSearchParams(location.search).get('q') ?? '';
}

function addressFor(query: string): string {
  const url = new URL(location.href);
  if (query.trim()) url.searchParams.set('q', query);
  else url.searchParams.delete('q');
  return url.pathname + url.search;
}

export function startSearchPage(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const results = document.querySelector<HTMLElement>('[data-search-results]');
  if (!input || !status || !results) return;
  const view: SearchView = { input, status, results };
  // The note that search needs script is for pages without it; the server's own results stay until a new query.
  results.querySelector('.search-note')?.remove();
  addStyleSheet('search', css);
  let answerer: ((query: string) => Promise<void>) | null = null;
  // The search loads with the first answer, or as soon as the visitor reaches for the box.
  const answerQuery = () => (answerer ??= createAnswerer(view, loadSearch(), SHOWN_RESULTS));
  const answer = (query: string) => answerQuery()(query);
  const warm = () => void answerQuery();
  input.addEventListener('focus', warm, { once: true });
  input.addEventListener('pointerdown', warm, { once: true });

  // Typing makes one history entry (the first change after a page or a sent query), then updates it:
  // the back button returns to the query before, not to each letter.
  const here = () => location.pathname + location.search;
  let typing = false;
  answerAsTyped(view, answer, (query) => {
    const next = addressFor(query);
    if (next === here()) return;
    if (typing) history.replaceState(null, '', next);
    else history.pushState(null, '', next);
    typing = true;
  });
  arrowKeys(view);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const next = addressFor(input.value);
    if (next !== here()) history.pushState(null, '', next);
    typing = false;
    void answer(input.value);
  });
  window.addEventListener('popstate', () => {
    typing = false;
    input.value = queryInAddress();
    void answer(input.value);
  });
  const initial = queryInAddress();
  if (initial) {
    input.value = initial;
    void answer(initial);
  }
}
