/**
 * The stored-posts store against a fake localStorage: empty, valid, corrupted JSON, wrong shape,
 * disabled (every access throws), full (writes throw), and no window at all (pre-render).
 */
import { Window } from 'happy-dom';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import builtInPosts from 'virtual:content/blog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostsProvider } from '@/browser/data/providers';
import { KEYS, subscribe } from '@/browser/storage/storage';
import { browserWithStoredData, renderedJson, show } from '../../../../tests/support/render-hook';
import { DisabledStorage, FullStorage, MemoryStorage } from '../../../../tests/support/fake-storage';
import type { BlogPost } from '@/shared/domain/posts/post';
import { addPost, createPost, deletePost, mergePosts, readStoredPosts, useAllPosts, useStoredPosts, usedPostIds } from './post-store';

let target: EventTarget;
function install<S extends Storage>(store: S): S {
  target = new EventTarget();
  vi.stubGlobal('window', {
    localStorage: store,
    sessionStorage: new MemoryStorage(),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  });
  return store;
}

function post(id: number, title = `Post ${id}`): BlogPost {
  return {
    id,
    title,
    excerpt: 'An excerpt.',
    content: 'Some **markdown**.',
    category: 'markets',
    author: 'Export Desk',
    date: '2025-03-01',
    readTime: '4 min read',
    image: '/images/blog/placeholder.svg',
    tags: ['EU'],
    featured: false,
  };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  install(new MemoryStorage());
  // storage.ts logs every failure by design; the tests check that it did.
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stored = (store: Storage) => JSON.parse(store.getItem(KEYS.blogPosts) ?? 'null') as unknown;

describe('readStoredPosts', () => {
  it('is empty when nothing is stored', () => {
    expect(readStoredPosts()).toEqual([]);
  });

  it('returns the stored posts in stored order', () => {
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1002), post(1001)]));
    expect(readStoredPosts().map((p) => p.id)).toEqual([1002, 1001]);
  });

  it('treats corrupted JSON as no posts and logs it', () => {
    window.localStorage.setItem(KEYS.blogPosts, '[{"id": 1001, "title": ');
    expect(readStoredPosts()).toEqual([]);
    expect(errors).toHaveBeenCalled();
  });

  it('treats a value of the wrong shape (not a list) as no posts and logs it', () => {
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify({ posts: [post(1001)] }));
    expect(readStoredPosts()).toEqual([]);
    expect(errors).toHaveBeenCalled();
  });

  it('drops items of the wrong shape, keeps the valid ones and logs the dropped ones', () => {
    const broken = [{ ...post(1003), tags: 'EU' }, { id: 'x' }, null, 42, { ...post(1004), id: -1 }];
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1002), ...broken, post(1001)]));
    expect(readStoredPosts().map((p) => p.id)).toEqual([1002, 1001]);
    // Reading drops nothing from storage: a later version of the site may still read those items.
    expect(JSON.parse(window.localStorage.getItem(KEYS.blogPosts) ?? '[]')).toHaveLength(broken.length + 2);
    expect(errors).toHaveBeenCalled();
  });

  it('treats disabled storage (SecurityError) as no posts', () => {
    install(new DisabledStorage());
    expect(readStoredPosts()).toEqual([]);
    expect(errors).toHaveBeenCalled();
  });

  it('is empty while pre-rendering (no window)', () => {
    vi.unstubAllGlobals();
    expect(readStoredPosts()).toEqual([]);
  });
});

describe('addPost', () => {
  it('stores the new post first and reports success', () => {
    expect(addPost(post(1001))).toBe(true);
    expect(addPost(post(1002))).toBe(true);
    expect(readStoredPosts().map((p) => p.id)).toEqual([1002, 1001]);
  });

  it('reports failure when storage is full and leaves the stored posts as they were', () => {
    const store = install(new FullStorage());
    store.data.set(KEYS.blogPosts, JSON.stringify([post(1001)]));
    expect(addPost(post(1002))).toBe(false);
    expect(readStoredPosts().map((p) => p.id)).toEqual([1001]);
    expect(errors).toHaveBeenCalled();
  });

  it('reports failure when storage is disabled, without throwing', () => {
    install(new DisabledStorage());
    expect(addPost(post(1001))).toBe(false);
  });

  it('reports failure while pre-rendering (no window)', () => {
    vi.unstubAllGlobals();
    expect(addPost(post(1001))).toBe(false);
  });

  it('keeps stored items it cannot read instead of deleting them', () => {
    const unknown = { id: 1001, title: 'From a newer version', blocks: [] };
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([unknown]));
    addPost(post(1002));
    expect(stored(window.localStorage)).toEqual([post(1002), unknown]);
  });

  it('replaces corrupted JSON with a list holding the new post', () => {
    window.localStorage.setItem(KEYS.blogPosts, '{not json');
    expect(addPost(post(1001))).toBe(true);
    expect(readStoredPosts().map((p) => p.id)).toEqual([1001]);
  });

  it('notifies subscribers in this tab', () => {
    const onChange = vi.fn();
    const stop = subscribe(KEYS.blogPosts, onChange);
    addPost(post(1001));
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('createPost', () => {
  it('normalises the input and stores it with an id above every built-in and stored id', () => {
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1004), { id: 1010, broken: true }]));
    const { post: created, saved } = createPost({ title: '  New post ', tags: 'a, ,b' }, new Date(2025, 0, 15));
    expect(saved).toBe(true);
    expect(created).toMatchObject({ id: 1011, title: 'New post', tags: ['a', 'b'], date: '2025-01-15', author: 'Garlic Brothers Team' });
    expect(readStoredPosts()[0]).toEqual(created);
  });

  it('returns the post with saved: false when storage fails, so the form keeps it', () => {
    install(new FullStorage());
    const result = createPost({ title: 'Kept in the form' });
    expect(result.saved).toBe(false);
    expect(result.post.title).toBe('Kept in the form');
  });
});

describe('usedPostIds', () => {
  it('lists built-in ids and stored ids', () => {
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1003), { id: 1007 }, { id: '1009' }]));
    const ids = usedPostIds();
    for (const builtIn of builtInPosts) expect(ids).toContain(builtIn.id);
    expect(ids).toContain(1003);
    expect(ids).toContain(1007);
    expect(ids).not.toContain('1009');
  });
});

describe('deletePost', () => {
  it('removes the post with that id', () => {
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1002), post(1001)]));
    expect(deletePost(1002)).toBe(true);
    expect(readStoredPosts().map((p) => p.id)).toEqual([1001]);
  });

  it('reports false for an id that is not stored', () => {
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1001)]));
    expect(deletePost(1005)).toBe(false);
  });

  it('reports false when storage is full or disabled', () => {
    const store = install(new FullStorage());
    store.data.set(KEYS.blogPosts, JSON.stringify([post(1001)]));
    expect(deletePost(1001)).toBe(false);
    install(new DisabledStorage());
    expect(deletePost(1001)).toBe(false);
  });
});

describe('mergePosts', () => {
  const builtIn = [post(2), post(1)];

  it('puts stored posts first, then the built-in ones', () => {
    expect(mergePosts([post(1002), post(1001)], builtIn).map((p) => p.id)).toEqual([1002, 1001, 2, 1]);
  });

  it('leaves out a stored post whose id a built-in post has taken, and stored duplicates', () => {
    expect(mergePosts([post(2, 'stale copy'), post(1001), post(1001, 'dup')], builtIn).map((p) => p.title)).toEqual(['Post 1001', 'Post 2', 'Post 1']);
  });
});

describe('useStoredPosts and useAllPosts', () => {
  function Probe() {
    const own = useStoredPosts();
    const all = useAllPosts();
    return <output>{`${own.length}/${all.map((p) => p.id).join(',')}`}</output>;
  }

  it('render the built-in posts only during pre-render and hydration, even with stored posts', () => {
    window.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1001)]));
    const html = renderToString(
      <PostsProvider>
        <Probe />
      </PostsProvider>,
    );
    expect(html).toContain(`0/${builtInPosts.map((p) => p.id).join(',')}`);
  });

  it('name the missing provider when used outside <PostsProvider>', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderToString(<Probe />)).toThrow('usePosts must be used within <PostsProvider>');
  });

  it('follow changes made in another tab (the storage event)', async () => {
    // A browser's window (happy-dom) in which the hooks are rendered as on a page, after hydration.
    const win = new Window();
    vi.stubGlobal('window', win);
    vi.stubGlobal('document', win.document);
    vi.stubGlobal('navigator', win.navigator);
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    const { createRoot } = await import('react-dom/client');
    const container = win.document.createElement('div');
    win.document.body.appendChild(container);
    const root = createRoot(container as unknown as Element);
    try {
      await act(async () =>
        root.render(
          <PostsProvider>
            <Probe />
          </PostsProvider>,
        ),
      );
      const shown = () => container.textContent;
      const builtInIds = builtInPosts.map((p) => p.id).join(',');
      expect(shown()).toBe(`0/${builtInIds}`);

      // Another tab stores a post: this tab's storage changes and the browser fires 'storage' here.
      win.localStorage.setItem(KEYS.blogPosts, JSON.stringify([post(1001)]));
      await act(async () => win.dispatchEvent(new win.StorageEvent('storage', { key: KEYS.blogPosts })));
      expect(shown()).toBe(`1/1001,${builtInIds}`);

      // ...and clears the whole storage area (an event without a key).
      win.localStorage.clear();
      await act(async () => win.dispatchEvent(new win.StorageEvent('storage')));
      expect(shown()).toBe(`0/${builtInIds}`);
    } finally {
      await act(async () => root.unmount());
      await win.happyDOM.close();
    }
  });

  it('listen to the storage event for their own key only', () => {
    const onChange = vi.fn();
    const stop = subscribe(KEYS.blogPosts, onChange);
    target.dispatchEvent(Object.assign(new Event('storage'), { key: KEYS.blogPosts }));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: KEYS.theme }));
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('useAllPosts', () => {
  it('the blog hooks built on usePosts name <PostsProvider> too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Probe = show(useAllPosts);
    expect(() => renderToString(<Probe />)).toThrow('usePosts must be used within <PostsProvider>');
  });

  it('useAllPosts lists exactly the built-in posts during pre-render', () => {
    browserWithStoredData();
    const Probe = show(() => useAllPosts().map((shown) => shown.id));
    const html = renderToString(
      <PostsProvider>
        <Probe />
      </PostsProvider>,
    );
    expect(renderedJson(html)).toEqual(builtInPosts.map((builtIn) => builtIn.id));
    expect(builtInPosts.length).toBeGreaterThan(0);
  });

  it('lists the built-in posts without any window (the pre-render itself)', () => {
    vi.stubGlobal('window', undefined);
    const Probe = show(() => useAllPosts().length);
    const html = renderToString(
      <PostsProvider>
        <Probe />
      </PostsProvider>,
    );
    expect(renderedJson(html)).toBe(builtInPosts.length);
  });
});
