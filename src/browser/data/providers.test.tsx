/**
 * The data providers: each hook throws an error naming its provider when used outside
 * it, and inside <DataProviders> returns what pre-render and hydration must see: no stored posts
 * (so the merged list is the built-in posts) and no records, whatever the browser has stored.
 */
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserWithStoredData, renderedJson, show } from '../../../tests/support/render-hook';
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
});

describe('inside <DataProviders>', () => {
  it.each([
    { name: 'usePosts', hook: usePosts, expected: { stored: [] } },
    { name: 'useApplications', hook: useApplications, expected: { jobApplications: [], partnershipApplications: [] } },
    { name: 'useLeads', hook: useLeads, expected: { contactEnquiries: [], sampleRequests: [] } },
    { name: 'useInvestorInterests', hook: useInvestorInterests, expected: { investorInterests: [] } },
    { name: 'useCollection', hook: () => useCollection('contactEnquiries'), expected: [] },
  ])('$name returns the pre-render data: nothing stored is shown', ({ hook, expected }) => {
    browserWithStoredData();
    const Probe = show(hook);
    expect(
      renderedJson(
        renderToString(
          <DataProviders>
            <Probe />
          </DataProviders>,
        ),
      ),
    ).toEqual(expected);
  });

  it('renders the same without any window (the pre-render itself)', () => {
    const Probe = show(() => [usePosts().stored.length, useCollection('jobApplications').length]);
    const html = renderToString(
      <DataProviders>
        <Probe />
      </DataProviders>,
    );
    expect(renderedJson(html)).toEqual([0, 0]);
  });
});
