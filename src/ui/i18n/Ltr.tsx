/**
 * The site configuration's own left-to-right text on a page of either direction: its e-mail
 * address, phone number, street address and web address, which no translation carries. On a
 * right-to-left page it is isolated (`<bdi dir="ltr">`), so the Arabic around it neither reorders
 * it nor is reordered by it: without that, "+91 00000 00000" shows as "00000 00000 +91". A
 * left-to-right page gets the text as it is, not a byte more. The words of a right-to-left
 * language arrive with their figures isolated already (src/build/content/isolate-rtl.ts).
 */
import type { ReactNode } from 'react';
import { languageOf } from '../../shared/i18n/languages';
import { usePathname } from '@/ui/router/location';

/** One left-to-right text (an e-mail address, a phone number, a code). */
export function Ltr({ children }: { children: ReactNode }) {
  return languageOf(usePathname()).dir === 'rtl' ? <bdi dir="ltr">{children}</bdi> : children;
}
