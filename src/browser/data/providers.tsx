/**
 * The data providers: React context for the blog posts, applications, leads and investor
 * interests kept in this browser, each read through its hook. A hook used outside its provider
 * throws an error naming the missing provider, so a component mounted in the wrong place fails
 * loudly instead of showing empty data.
 *
 * Pre-render and hydration see no stored data (the server knows no visitor's storage); the stored
 * data follows right after hydration, and every change made through the stores (in this tab or
 * another) re-renders the consumers. Writes stay in post-store.ts and records.ts, which report
 * failure to their caller; the providers pick up whatever was stored.
 *
 * The built-in posts are not held here: they are build-time content, merged first-stored by
 * useAllPosts (post-store.ts) on the pages that list posts. This module wraps every page, so it
 * must not carry every post's metadata (nor the admin's post and record editing code).
 */
import { createContext, use, useMemo, type Context, type ReactNode } from 'react';
import { BlogPostSchema, type BlogPost } from '@/shared/domain/posts/post';
import { KEYS } from '@/browser/storage/storage';
import { readList } from '@/browser/storage/stored-json';
import { useStoredRaw } from '@/browser/storage/use-stored';
import { type ApplicationRecord, type Collection, type LeadRecord, type RecordOf } from '@/shared/domain/records';
import { useRecords } from './use-records';

interface PostsData {
  /** The valid posts added in this browser, newest added first; [] until hydrated. */
  stored: BlogPost[];
}

interface ApplicationsData {
  jobApplications: ApplicationRecord[];
  partnershipApplications: ApplicationRecord[];
}

interface LeadsData {
  contactEnquiries: LeadRecord[];
  sampleRequests: LeadRecord[];
}

interface InvestorInterestsData {
  investorInterests: LeadRecord[];
}

// `null` means "no provider above": the hooks turn it into the missing-provider error.
const PostsContext = createContext<PostsData | null>(null);
const ApplicationsContext = createContext<ApplicationsData | null>(null);
const LeadsContext = createContext<LeadsData | null>(null);
const InvestorInterestsContext = createContext<InvestorInterestsData | null>(null);

function required<T>(context: Context<T | null>, hook: string, provider: string): T {
  const value = use(context);
  if (value === null) throw new Error(`${hook} must be used within <${provider}>`);
  return value;
}

export function PostsProvider({ children }: { children: ReactNode }) {
  // `raw` is only the change signal (undefined during pre-render and hydration); readList
  // validates the same stored value, dropping and logging invalid posts.
  const raw = useStoredRaw(KEYS.blogPosts);
  const value = useMemo(() => ({ stored: raw === undefined ? [] : readList(KEYS.blogPosts, BlogPostSchema) }), [raw]);
  return <PostsContext value={value}>{children}</PostsContext>;
}

export function ApplicationsProvider({ children }: { children: ReactNode }) {
  const jobApplications = useRecords('jobApplications');
  const partnershipApplications = useRecords('partnershipApplications');
  const value = useMemo(() => ({ jobApplications, partnershipApplications }), [jobApplications, partnershipApplications]);
  return <ApplicationsContext value={value}>{children}</ApplicationsContext>;
}

export function LeadsProvider({ children }: { children: ReactNode }) {
  const contactEnquiries = useRecords('contactEnquiries');
  const sampleRequests = useRecords('sampleRequests');
  const value = useMemo(() => ({ contactEnquiries, sampleRequests }), [contactEnquiries, sampleRequests]);
  return <LeadsContext value={value}>{children}</LeadsContext>;
}

export function InvestorInterestsProvider({ children }: { children: ReactNode }) {
  const investorInterests = useRecords('investorInterests');
  const value = useMemo(() => ({ investorInterests }), [investorInterests]);
  return <InvestorInterestsContext value={value}>{children}</InvestorInterestsContext>;
}

/** Every data provider, in one wrapper around the whole app (server and client alike). */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <PostsProvider>
      <ApplicationsProvider>
        <LeadsProvider>
          <InvestorInterestsProvider>{children}</InvestorInterestsProvider>
        </LeadsProvider>
      </ApplicationsProvider>
    </PostsProvider>
  );
}

export function usePosts(): PostsData {
  return required(PostsContext, 'usePosts', 'PostsProvider');
}

export function useApplications(): ApplicationsData {
  return required(ApplicationsContext, 'useApplications', 'ApplicationsProvider');
}

export function useLeads(): LeadsData {
  return required(LeadsContext, 'useLeads', 'LeadsProvider');
}

export function useInvestorInterests(): InvestorInterestsData {
  return required(InvestorInterestsContext, 'useInvestorInterests', 'InvestorInterestsProvider');
}

/** One collection by name, newest first (the admin sections are listed by collection). */
export function useCollection<C extends Collection>(collection: C): RecordOf<C>[] {
  // All three hooks run on every render (rules of hooks); each throws when its provider is missing.
  const all: { [K in Collection]: RecordOf<K>[] } = { ...useApplications(), ...useLeads(), ...useInvestorInterests() };
  return all[collection];
}
