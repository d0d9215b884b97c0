/**
 * The name of every key the site keeps in browser storage, and nothing else: no code that reads or
 * writes storage. The scripts a page runs in its head are written as text by modules the server
 * and the build load too, and they need these names; this module is what they may share.
 */
/** Every key the site stores, in one place. */
export const KEYS = {
  blogPosts: 'gb:blog-posts',
  adminAuth: 'gb:admin-authenticated',
  investorAuth: 'gb:investor-authenticated',
  investorInterests: 'gb:investor-interests',
  jobApplications: 'gb:job-applications',
  partnershipApplications: 'gb:partnership-applications',
  contactEnquiries: 'gb:contact-enquiries',
  sampleRequests: 'gb:sample-requests',
  abVisitorId: 'gb:ab-visitor-id',
  theme: 'gb:theme',
  /** The web fonts this browser has in its cache, by name ('inter fraunces arabic'; '1', from an earlier version, is Inter and Fraunces). */
  webFonts: 'gb:web-fonts',
  loginFailures: 'gb:login-failures',
  /** 'dismissed' or 'chosen': the visitor answered the suggestion to read a page in their language. */
  languageSuggestion: 'gb:language-suggestion',
  /** Session storage: one key per experiment. */
  abImpression: (experimentId: string) => `gb:ab-impression:${experimentId}`,
  abConversions: 'gb:ab-conversions',
  /** Session storage: where this visit came from (landing page, referring site, UTM values), sent with a lead; never when measuring is not allowed. */
  attribution: 'gb:attribution',
} as const;
