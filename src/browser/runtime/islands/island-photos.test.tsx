// @vitest-environment happy-dom
/**
 * Photos in islands without the pages' list of photos in the browser: the server's render of an
 * island (the blog list with a post's cover photo) writes the photos it drew beside it, and the
 * browser, whose `virtual:photos` is empty, hydrates the island from them to the same <picture>
 * with no mismatch; without them it could not.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListedPost } from '@/ui/features/blog/blog-pages';
import type { PagePhoto } from '@/ui/components/ui/page-photos';
import type { IslandModule } from './island';

// Test files share their modules (isolate: false): the islands' modules are loaded afresh, with the list below.
let Island: typeof import('./island').Island;
let IslandCollector: typeof import('./island').IslandCollector;
let IslandContext: typeof import('./island').IslandContext;
let mountIsland: typeof import('./mount').mountIsland;
let renderIslands: typeof import('./render').renderIslands;
let BlogListIsland: IslandModule;
beforeAll(async () => {
  vi.resetModules();
  ({ Island, IslandCollector, IslandContext } = await import('./island'));
  ({ mountIsland } = await import('./mount'));
  ({ renderIslands } = await import('./render'));
  BlogListIsland = (await import('@/browser/islands/BlogList')) as IslandModule;
});

const HARVEST: PagePhoto = {
  width: 4000,
  height: 2667,
  placeholder: '#8a6f4d',
  srcset: { avif: '/assets/photos/k-320.avif 320w, /assets/photos/k-640.avif 640w', webp: '/assets/photos/k-320.webp 320w, /assets/photos/k-640.webp 640w' },
  fallback: '/assets/photos/k-640.webp',
};
// The server's list; emptied below to stand for the browser's, which carries none.
const list = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock('virtual:photos', () => ({ default: list }));

const post: ListedPost = {
  id: 11,
  title: 'Harvest notes',
  excerpt: 'How the season went.',
  category: 'sourcing',
  date: '2026-05-02',
  readTime: '4 min read',
  image: '/images/blog/post-1.svg',
  cover: '/photos/harvest.jpg',
  coverAlt: 'Garlic bulbs curing in rows in a field',
  tags: [],
  featured: false,
};

/** The blog list island as the pre-render writes it, with the server's list of photos. */
function serverMarkup(): string {
  Object.assign(list, { '/photos/harvest.jpg': HARVEST });
  try {
    const collector = new IslandCollector();
    const html = renderToString(
      <IslandContext value={collector}>
        <Island name="BlogList" posts={[post]} page={1} pages={1} categories={['sourcing']} />
      </IslandContext>,
    );
    return renderIslands(html, collector, (node) => node);
  } finally {
    for (const key of Object.keys(list)) delete list[key];
  }
}

async function hydrate(html: string): Promise<string[]> {
  document.body.innerHTML = html;
  // happy-dom loads no image: each is taken as loaded, so Image keeps its <picture> after hydration.
  for (const img of document.querySelectorAll('img')) Object.defineProperty(img, 'naturalWidth', { value: 640 });
  const element = document.querySelector('gb-island') as HTMLElement;
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
  try {
    await mountIsland(element, 'BlogList', BlogListIsland, JSON.parse(element.dataset.props ?? '{}'));
  } finally {
    spy.mockRestore();
  }
  return errors;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("an island's photos", () => {
  it('are written beside the island by its server render, the photos it drew and no other', () => {
    const island = /<gb-island [^>]*>/.exec(serverMarkup())?.[0] ?? '';
    const photos = JSON.parse((/data-photos="([^"]*)"/.exec(island)?.[1] ?? '{}').replaceAll('&quot;', '"')) as Record<string, PagePhoto>;
    expect(photos).toEqual({ '/photos/harvest.jpg': HARVEST });
  });

  // First: once an island has added its photos, the browser has them for the rest of the page.
  it('are what the browser needs: without them the island does not hydrate cleanly', async () => {
    const html = serverMarkup().replace(/ data-photos="[^"]*"/, '');
    const errors = await hydrate(html);
    expect(errors.join('\n')).toMatch(/did not hydrate cleanly/);
  });

  it('let the browser hydrate the island to the same picture without the list of photos', async () => {
    const html = serverMarkup();
    const errors = await hydrate(html);
    expect(errors).toEqual([]);
    expect(document.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toBe(HARVEST.srcset.avif);
  });
});
