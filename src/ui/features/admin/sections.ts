/** The five kinds of submission the dashboard lists, in the order an admin works through them. */
import type { Collection } from '@/shared/domain/records';

export interface SectionInfo {
  collection: Collection;
  /** The section's anchor and the CSV file's name part. */
  slug: string;
  title: string;
  one: string;
  many: string;
  /** The public page whose form feeds the section. */
  source: { label: string; href: string };
}

export const SECTIONS: readonly SectionInfo[] = [
  {
    collection: 'jobApplications',
    slug: 'job-applications',
    title: 'Job applications',
    one: 'job application',
    many: 'job applications',
    source: { label: 'Careers', href: '/careers' },
  },
  {
    collection: 'partnershipApplications',
    slug: 'partnership-applications',
    title: 'Partnership applications',
    one: 'partnership application',
    many: 'partnership applications',
    source: { label: 'Partnership', href: '/partnership' },
  },
  {
    collection: 'investorInterests',
    slug: 'investor-interests',
    title: 'Investor interests',
    one: 'investor interest',
    many: 'investor interests',
    source: { label: 'Investment', href: '/investment' },
  },
  {
    collection: 'contactEnquiries',
    slug: 'contact-enquiries',
    title: 'Quote requests',
    one: 'quote request',
    many: 'quote requests',
    source: { label: 'Contact', href: '/contact' },
  },
  {
    collection: 'sampleRequests',
    slug: 'sample-requests',
    title: 'Sample requests',
    one: 'sample request',
    many: 'sample requests',
    source: { label: 'Sample request', href: '/sample-request' },
  },
];

export function countLabel(count: number, section: SectionInfo): string {
  return `${count} ${count === 1 ? section.one : section.many}`;
}
