/**
 * The browser's side of the buyer page and the partner pipeline (src/server/api/buyer.ts and the
 * admin API's lead routes): loaded only with the pages that use them, not at the admin's start.
 */
import type { Attribution } from '@/shared/domain/attribution';
import type { BuyerActivity, BuyerPageType } from '@/shared/domain/buyers';
import type { BuyerLeadRecord, PartnerApplicationRecord } from '@/shared/domain/records';
import { request } from './portal-api';

/** A lead of a buyer's page, as the server keeps it: a buyer's lead or a partnership application, with its version. */
export type BuyerLead = (BuyerLeadRecord | PartnerApplicationRecord) & {
  type: BuyerPageType;
  page: string;
  attribution?: Attribution | null;
  version: number;
};

/** A partnership application in its pipeline. */
export type PartnerLead = PartnerApplicationRecord & {
  type: 'partnershipApplications';
  page: string;
  attribution?: Attribution | null;
  version: number;
};

export interface ServerBuyer {
  /** The lead the buyer was asked for by. */
  from: string;
  /** Newest first. */
  leads: BuyerLead[];
  /** True when the buyer has more leads than the server lists on one page. */
  truncated: boolean;
  /** Oldest first. */
  activity: BuyerActivity[];
}

/** The buyer who sent the lead: their leads and the activity on them. */
export async function serverBuyer(leadId: string): Promise<ServerBuyer> {
  const response = await request(`/api/admin/leads/${encodeURIComponent(leadId)}/buyer`);
  return ((await response.json()) as { buyer: ServerBuyer }).buyer;
}

/** Every partnership application outside the Spam list, newest first. */
export async function listPartnerLeads(): Promise<PartnerLead[]> {
  const response = await request(`/api/admin/leads?${new URLSearchParams({ type: 'partnershipApplications' })}`);
  return ((await response.json()) as { leads: PartnerLead[] }).leads;
}
