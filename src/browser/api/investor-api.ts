/**
 * The investor dashboard's business plan highlights, use of funds and documents, from the site's
 * server (src/server/api/investors.ts), which answers them only to a signed-in investor. They are
 * not part of the built site, so a static host has none to give, and the dashboard says so.
 */
import type { InvestorPortal } from '@/build/content/schema';
import { ApiError, request } from './portal-api';
import { sameOriginServer } from './same-origin-server';

type InvestorDocuments =
  | { kind: 'documents'; portal: InvestorPortal }
  /** A static host: no server of the site's own to ask. */
  | { kind: 'no-server' }
  /** The server has no investor session for this browser (expired, signed out, or never started). */
  | { kind: 'signed-out' };

const INVESTOR_DOCUMENTS_URL = '/api/investors/documents';

function isPortal(body: unknown): body is InvestorPortal {
  const portal = body as Partial<InvestorPortal> | null;
  return Array.isArray(portal?.highlights) && Array.isArray(portal?.useOfFunds?.items) && Array.isArray(portal?.documents?.items);
}

/** Throws ApiError when the server cannot be reached or fails; the dashboard shows its message with Retry. */
export async function investorDocuments(): Promise<InvestorDocuments> {
  const presence = await sameOriginServer();
  if (presence === 'absent') return { kind: 'no-server' };
  // Nothing answered at all: a server that cannot be reached, not a static host, so Retry may help.
  if (presence === 'unknown') throw new ApiError(0, 'the server could not be reached (check the connection)');
  let response: Response;
  try {
    response = await request(INVESTOR_DOCUMENTS_URL);
  } catch (error) {
    if (error instanceof ApiError && error.signedOut) return { kind: 'signed-out' };
    throw error;
  }
  const body: unknown = await response.json().catch(() => null);
  if (!isPortal(body)) throw new ApiError(response.status, 'the server’s answer was not the investor documents');
  return { kind: 'documents', portal: body };
}
