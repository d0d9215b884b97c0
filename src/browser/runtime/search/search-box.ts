/**
 * The search box the header's search link opens on every public page: a modal dialog with the
 * query, the results as they are typed and a link to all of them on the search page. The browser
 * keeps focus inside it, Escape closes it and focus returns to the link. Enter in the query opens
 * the search page with every result; on a result, Enter opens it.
 */
import css from '@/ui/styles/script/search.css?inline';
import { escapeHtml } from '@/shared/domain/search/results-markup';
import { addStyleSheet } from '../style-sheet';
import { loadSearch, loadWords } from './engine';
import { answerAsTyped, arrowKeys, createAnswerer } from './view';

let dialog: HTMLDialogElement | null = null;

/** The box shows the first few results (each is a fragment to fetch); the search page has them all. */
const SHOWN_IN_BOX = 6;

function build(
  link: HTMLAnchorElement,
  ui: { label: string; placeholder: string; close: string; results: string; allResults: string; submit: string },
): HTMLDialogElement {
  addStyleSheet('search', css);
  const box = document.createElement('dialog');
  box.className = 'search-dialog';
  box.setAttribute('aria-label', link.getAttribute('aria-label') ?? ui.submit);
  box.innerHTML =
    `<form role="search" method="get" action="${escapeHtml(link.pathname)}" class="search-dialog-form">` +
    `<label for="search-box-query" class="visually-hidden">${escapeHtml(ui.label)}</label>` +
    `<input id="search-box-query" type="search" name="q" autocomplete="off" enterkeyhint="search" placeholder="${escapeHtml(ui.placeholder)}">` +
    `<button type="button" class="icon-button search-dialog-close" aria-label="${escapeHtml(ui.close)}" data-search-close>` +
    '<svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24"><path stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M6 6l12 12M18 6L6 18"/></svg></button></form>' +
    '<p role="status" class="search-dialog-status"></p>' +
    `<div class="search-results" aria-label="${escapeHtml(ui.results)}" role="region"></div>` +
    `<p class="search-dialog-all"><a href="${escapeHtml(link.pathname)}" data-search-all>${escapeHtml(ui.allResults)}</a></p>`;
  document.body.append(box);
  const input = box.querySelector<HTMLInputElement>('input')!;
  const view = { input, status: box.querySelector<HTMLElement>('[role="status"]')!, results: box.querySelector<HTMLElement>('.search-results')! };
  const all = box.querySelector<HTMLAnchorElement>('[data-search-all]')!;
  answerAsTyped(view, createAnswerer(view, loadSearch(), SHOWN_IN_BOX), (query) => {
    all.href = query.trim() ? `${link.pathname}?q=${encodeURIComponent(query)}` : link.pathname;
  });
  arrowKeys(view);
  box.querySelector('[data-search-close]')!.addEventListener('click', () => box.close());
  // Escape closes the box at once: in a search field it would first only empty the field.
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    box.close();
  });
  // Focus leaves the closed box's field, so the next / opens the box again rather than typing into it.
  // (The close event comes in a task of its own: by then the box may be open again.)
  box.addEventListener('close', () => {
    if (!box.open && box.contains(document.activeElement)) input.blur();
  });
  // A click on the backdrop (outside the box's content) closes it, as Escape does.
  box.addEventListener('click', (event) => {
    if (event.target === box) box.close();
  });
  return box;
}

/** Opens the search box (built the first time, once the search's words have loaded; the index goes on loading behind it). */
export async function openSearchBox(link: HTMLAnchorElement): Promise<void> {
  if (!dialog) {
    const words = await loadWords();
    dialog ??= build(link, words.ui);
  }
  if (!dialog.open) dialog.showModal();
  dialog.querySelector('input')?.focus();
}
