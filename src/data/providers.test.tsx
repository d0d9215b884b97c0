/**
 * The data providers: each hook throws an error naming its provider when used outside
 * it, and inside <DataProviders> returns what pre-render and hydration must see: no stored posts
 * (so the merged list is the built-in posts) and no records, whatever the browser has stored.
 */
import { renderToString } from 'react-dom/server';
import builtInPosts from 'virtual:content/blog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAllPosts } from '@/features/blog/post-store';
import { KEYS } from '@/storage/storage';
import {
  ApplicationsProvider,
  DataProviders,
  InvestorInterestsProvider,
  LeadsProvider,
  PostsProvider,
  useApplications,
  useCollection,
  useInvestorInterests,
  useLeads,
  usePosts,
} from './providers';

const HOOKS = [
  { hook: usePosts, message: 'usePosts must be used within <PostsProvider>', Provider: PostsProvider },
  { hook: useApplications, message: 'useApplications must be used within <ApplicationsProvider>', Provider: ApplicationsProvider },
  { hook: useLeads, message: 'useLeads must be used within <LeadsProvider>', Provider: LeadsProvider },
  { hook: useInvestorInterests, message: 'useInvestorInterests must be used within <InvestorInterestsProvider>', Provider: InvestorInterestsProvider },
];

/** Renders what a hook returns, as JSON. */
function show(hook: () => unknown) {
  function Probe() {
    return <output>{JSON.stringify(hook())}</output>;
  }
  return Probe;
}

const text = (html: string) =>
  JSON.parse(
    (html.match(/<output>(.*)<\/output>/s)?.[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ) as unknown;

beforeEach(() => {
  // React reports the thrown render error to the console as well; the test checks the error itself.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('outside their provider', () => {
  it.each(HOOKS)('$message', ({ hook, message }) => {
    const Probe = show(hook);
    expect(() => renderToString(<Probe />)).toThrow(new Error(message));
  });

  it.each(HOOKS)('a different provider does not count: $message', ({ hook, message, Provider }) => {
    const Probe = show(hook);
    const others = HOOKS.filter((entry) => entry.Provider !== Provider);
    const tree = others.reduce((children, { Provider: Other }) => <Other>{children}</Other>, <Probe />);
    expect(() => renderToString(tree)).toThrow(new Error(message));
  });

  it('useCollection names the provider of the collection that is missing', () => {
    const Probe = show(() => useCollection('contactEnquiries'));
    expect(() =>
      renderToString(
        <ApplicationsProvider>
          <Probe />
        </ApplicationsProvider>,
      ),
    ).toThrow('useLeads must be used within <LeadsProvider>');
  });

  it('the blog hooks built on usePosts name <PostsProvider> too', () => {
    const Probe = show(useAllPosts);
    expect(() => renderToString(<Probe />)).toThrow('usePosts must be used within <PostsProvider>');
  });
});

describe('inside <DataProviders>', () => {
  /** A browser whose storage holds one of everything, which the server render must not show. */
  function browserWithData() {
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

  it.each([
    { name: 'usePosts', hook: usePosts, expected: { stored: [] } },
    { name: 'useApplications', hook: useApplications, expected: { jobApplications: [], partnershipApplications: [] } },
    { name: 'useLeads', hook: useLeads, expected: { contactEnquiries: [], sampleRequests: [] } },
    { name: 'useInvestorInterests', hook: useInvestorInterests, expected: { investorInterests: [] } },
    { name: 'useCollection', hook: () => useCollection('contactEnquiries'), expected: [] },
  ])('$name returns the pre-render data: nothing stored is shown', ({ hook, expected }) => {
    browserWithData();
    const Probe = show(hook);
    expect(
      text(
        renderToString(
          <DataProviders>
            <Probe />
          </DataProviders>,
        ),
      ),
    ).toEqual(expected);
  });

  it('useAllPosts lists exactly the built-in posts during pre-render', () => {
    browserWithData();
    const Probe = show(() => useAllPosts().map((post) => post.id));
    const html = renderToString(
      <DataProviders>
        <Probe />
      </DataProviders>,
    );
    expect(text(html)).toEqual(builtInPosts.map((post) => post.id));
    expect(builtInPosts.length).toBeGreaterThan(0);
  });

  it('renders the same without any window (the pre-render itself)', () => {
    const Probe = show(() => [usePosts().stored.length, useCollection('jobApplications').length, useAllPosts().length]);
    const html = renderToString(
      <DataProviders>
        <Probe />
      </DataProviders>,
    );
    expect(text(html)).toEqual([0, 0, builtInPosts.length]);
  });
});
