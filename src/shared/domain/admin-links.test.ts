/** The admin's addresses of a lead and a buyer, as the notifications and the admin's pages write them. */
import { describe, expect, it } from 'vitest';
import { adminBuyerPath, adminLeadPath } from './admin-links';

describe('admin links', () => {
  it('open a buyer’s lead in the desk, a partnership application in its pipeline, the other kinds at their section', () => {
    expect(adminLeadPath({ id: 'GB-22222222', type: 'contactEnquiries' })).toBe('/admin?lead=GB-22222222#buyers-leads');
    expect(adminLeadPath({ id: 'GB-22222222', type: 'sampleRequests' })).toBe('/admin?lead=GB-22222222#buyers-leads');
    expect(adminLeadPath({ id: 'GB-22222222', type: 'partnershipApplications' })).toBe('/admin?application=GB-22222222#partnership-applications');
    // Not the desk's: each in its own list.
    expect(adminLeadPath({ id: 'GB-22222222', type: 'jobApplications' })).toBe('/admin?record=GB-22222222#job-applications');
    expect(adminLeadPath({ id: 'GB-22222222', type: 'investorInterests' })).toBe('/admin?record=GB-22222222#investor-interests');
  });

  it('name a buyer by one of their leads', () => {
    expect(adminBuyerPath('GB-22222222')).toBe('/admin?buyer=GB-22222222');
  });
});
