/**
 * The security headers every API answer carries besides its own Cache-Control, beacons included:
 * the site's pages' Strict-Transport-Security (src/build/hosting/host-headers.ts, the same value, sent
 * as the pages send it, on every answer: browsers heed it only over https), so a browser whose
 * first request to the site is an API call also learns to use https only; and nosniff, so no
 * answer is read as a type other than the one it says.
 */
import { STRICT_TRANSPORT_SECURITY } from '@/build/hosting/host-headers';

export const API_SECURITY_HEADERS = {
  'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY,
  'X-Content-Type-Options': 'nosniff',
} as const;
