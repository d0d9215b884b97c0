/** Renders a hook on the server and reads back what it returned: for tests of hooks during pre-render. */
import { vi } from 'vitest';
import { KEYS } from '@/browser/storage/storage';

/** Renders what a hook returns, as JSON. */
export function show(hook: () => unknown) {
  function Probe() {
    return <output>{JSON.stringify(hook())}</output>;
  }
  return Probe;
}

export const renderedJson = (html: string) =>
  JSON.parse(
    (html.match(/<output>(.*)<\/output>/s)?.[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ) as unknown;

/** A browser whose storage holds a stored post and a lead, which a server render must not show. */
export function browserWithStoredData(): void {
  const data = new Map<string, string>([
    [
      KEYS.blogPosts,
      JSON.stringify([
        {
          id: 1001,
          title: 'Stored',
          excerpt: '',
          content: '',
          category: 'general',
          author: 'A',
          date: '2025-01-01',
          readTime: '5 min read',
          image: '/images/blog/placeholder.svg',
          tags: [],
          featured: false,
        },
      ]),
    ],
    [KEYS.contactEnquiries, JSON.stringify([{ id: 'GB-AAAAAAAA', createdAt: '2025-01-01T00:00:00.000Z', fields: { name: 'A' } }])],
  ]);
  const storage = { getItem: (key: string) => data.get(key) ?? null, setItem: () => {}, removeItem: () => {} };
  vi.stubGlobal('window', { localStorage: storage, sessionStorage: storage, addEventListener: () => {}, removeEventListener: () => {} });
}
