/**
 * The admin's addresses of a lead and of a buyer, shared by the notifications (their "Open in the
 * admin" link) and the admin's own pages, so both name a lead the same way: a buyer's lead opens
 * in the sales desk (?lead=), a partnership application in its pipeline (?application=), a job
 * application or an investor's interest in its own list (?record=: they are not the desk's), and a
 * buyer's page is reached by any of the buyer's leads (?buyer=). Each parameter is kept through
 * the sign-in, which returns to the address asked for.
 */
import { isBuyerCollection, isPartnerCollection, type Collection } from './records';

/** The dashboard's section of a lead: the sales desk for a buyer's, else its own (partnershipApplications → partnership-applications). */
export function sectionAnchor(type: Collection): string {
  return isBuyerCollection(type) ? 'buyers-leads' : type.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The query parameter that opens a lead of the type where it is worked. */
export function leadParam(type: Collection): 'lead' | 'application' | 'record' {
  if (isBuyerCollection(type)) return 'lead';
  return isPartnerCollection(type) ? 'application' : 'record';
}

/** /admin?lead=GB-…#buyers-leads, /admin?application=GB-…#partnership-applications, /admin?record=GB-…#job-applications, … */
export function adminLeadPath(lead: { id: string; type: Collection }): string {
  return `/admin?${leadParam(lead.type)}=${encodeURIComponent(lead.id)}#${sectionAnchor(lead.type)}`;
}

/** The page of the buyer who sent the lead. */
export function adminBuyerPath(leadId: string): string {
  return `/admin?buyer=${encodeURIComponent(leadId)}`;
}
