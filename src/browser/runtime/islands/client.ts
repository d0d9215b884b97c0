/**
 * Browser side of the islands, in the page's entry script (so it imports no React): finds every
 * <gb-island>, waits for its moment, then loads its module and react-dom and hydrates it.
 *
 * Moments (`data-hydrate`), none before the page's load event, so nothing competes with the
 * largest paint: 'load' right after it, 'idle' when the browser is idle after it, 'visible' when
 * the island comes near the viewport, 'interaction' on the first pointer, focus or key in it
 * (before the load event too, or before this script ran, as a field focused or changed: the island
 * then hydrates at the load event).
 *
 * A module that fails to load is usually a tab opened before a new deploy asking for a file that
 * is gone: the page reloads once to get the new version, and shows the error only if that fails.
 */
import { readRaw, writeRaw } from '@/browser/storage/storage';
import type { Hydrate, IslandModule, IslandProps } from './island';
import { SLOT_TAG } from './slot';
import { islandFile } from './island-file';
import { errorMessage } from '../../../shared/error-message';

const loaders = import.meta.glob<IslandModule>('/src/browser/islands/*.tsx');
const RELOAD_KEY = 'gb:reloaded-for';

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

function visible(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: '200px' },
    );
    // gb-island has no box of its own: watch its children.
    for (const child of element.children) observer.observe(child);
  });
}

/** Whether the visitor has changed a field of `element` from what the HTML gave it. */
function changedField(element: HTMLElement): boolean {
  return [...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')].some((field) => {
    if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
    return field.value !== field.defaultValue;
  });
}

function interaction(element: HTMLElement): Promise<void> {
  // This script starts after the first paint: a visitor may already be in a field, or have typed.
  if (element.matches(':focus-within') || changedField(element)) return Promise.resolve();
  const events = ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'] as const;
  return new Promise((resolve) => {
    const go = () => {
      for (const type of events) element.removeEventListener(type, go);
      resolve();
    };
    for (const type of events) element.addEventListener(type, go, { passive: true });
  });
}

/**
 * Presses that land before the island's script has: a button has no handler yet and a form would
 * submit to the page's own URL, so the press is held and replayed once the island has hydrated.
 * Submit buttons marked `data-until-hydrated` are disabled in the HTML (so without JavaScript a
 * form never sends its fields anywhere); with this runtime they work at once. Links, fields and
 * checkboxes need nothing: the browser follows the link, and the island adopts what fields hold.
 */
function holdPresses(element: HTMLElement): () => void {
  let held: (() => void) | null = null;
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || button.type === 'submit' || !element.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    held = () => button.isConnected && button.click();
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target as HTMLFormElement;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
    held = () => form.isConnected && form.requestSubmit(submitter?.isConnected ? submitter : null);
  };
  element.addEventListener('click', onClick, true);
  element.addEventListener('submit', onSubmit, true);
  for (const button of element.querySelectorAll<HTMLButtonElement>('button[data-until-hydrated]')) button.disabled = false;
  return () => {
    element.removeEventListener('click', onClick, true);
    element.removeEventListener('submit', onSubmit, true);
    held?.();
  };
}

async function moment(element: HTMLElement, hydrate: Hydrate): Promise<void> {
  // A visitor may reach for the island before the load event (an image still arriving on a slow
  // network): that counts, so the island hydrates at the load event and adopts what they typed.
  const touched = hydrate === 'interaction' ? interaction(element) : null;
  await afterLoad();
  if (hydrate === 'idle') await idle();
  else if (hydrate === 'visible') await visible(element);
  else if (touched) await touched;
}

/** Whether storage holds something under `key` (an empty list counts as nothing). */
function hasStoredData(key: string | undefined): boolean {
  const raw = key ? readRaw(key) : null;
  return raw !== null && raw !== '' && raw !== '[]';
}

function propsOf(element: HTMLElement): IslandProps {
  const props = JSON.parse(element.dataset.props ?? '{}') as IslandProps;
  const slot = element.querySelector(SLOT_TAG);
  return slot ? { ...props, slot: slot.innerHTML } : props;
}

function showFailure(element: HTMLElement, error: unknown): void {
  const notice = document.createElement('div');
  notice.className = 'route-error';
  notice.setAttribute('role', 'alert');
  const heading = document.createElement('h2');
  heading.textContent = 'Unexpected Application Error!';
  const detail = document.createElement('p');
  detail.className = 'route-error-detail';
  detail.textContent = errorMessage(error);
  notice.append(heading, detail);
  element.replaceChildren(notice);
}

/**
 * Reloads the page after a module failed to load, at most once per URL in a browser session (so a
 * file that is really missing cannot cause a reload loop); false when that was already tried.
 */
function reloadOnce(): boolean {
  const here = location.pathname + location.search;
  if (readRaw(RELOAD_KEY, 'session') === here || !writeRaw(RELOAD_KEY, here, 'session')) return false;
  location.reload();
  return true;
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const props = propsOf(element);
  const load = loaders[islandFile(name, document.documentElement.lang, loaders)];
  let parts: [typeof import('./mount'), IslandModule];
  try {
    if (!load) throw new Error(`Unknown island "${name}"`);
    parts = await Promise.all([import('./mount'), load()]);
  } catch (error) {
    console.error(`Island ${name} could not be loaded:`, error);
    if (!load || !reloadOnce()) showFailure(element, error);
    return;
  }
  const [{ mountIsland }, module] = parts;
  await mountIsland(element, name, module, props);
  element.dataset.hydrated = 'true';
}

/**
 * Starts every island on the page; resolves when those that hydrate without waiting for the
 * visitor ('load' and 'idle', or woken by stored data) are done.
 */
export async function startIslands(root: ParentNode = document): Promise<void> {
  const eager: Promise<void>[] = [];
  for (const element of root.querySelectorAll<HTMLElement>('gb-island[data-island]')) {
    const hydrate = hasStoredData(element.dataset.wake) ? 'idle' : ((element.dataset.hydrate ?? 'load') as Hydrate);
    // Whatever its moment, a press on an island that has not hydrated yet is held, not lost.
    const replay = holdPresses(element);
    const done = moment(element, hydrate)
      .then(() => hydrateIsland(element))
      .then(replay);
    if (hydrate === 'load' || hydrate === 'idle') eager.push(done);
  }
  await Promise.all(eager);
}
