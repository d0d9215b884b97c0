/**
 * Text that reads left to right in a page of either direction: product codes, mesh sizes, units,
 * e-mail addresses, phone numbers, URLs. On a right-to-left page it is isolated (`<bdi dir="ltr">`),
 * so the Arabic around it neither reorders it nor is reordered by it: without that, "80-120 mesh"
 * after an Arabic word shows as "120-80 mesh" and "+91 00000 00000" as "00000 00000 +91". A
 * left-to-right page gets the text as it is, not a byte more.
 */
import type { ReactNode } from 'react';
import { LANGUAGES, languageOf } from './languages';
import { ltrRuns } from './ltr-runs';
import { usePathname } from '@/router/location';

/** Whether the page (or, in an island, which has no page address, the language given) is right to left. */
function useRightToLeft(code?: string): boolean {
  const page = languageOf(usePathname());
  return ((code && LANGUAGES.find((language) => language.code === code)) || page).dir === 'rtl';
}

/** One left-to-right text (an e-mail address, a phone number, a code). */
export function Ltr({ children }: { children: ReactNode }) {
  return useRightToLeft() ? <bdi dir="ltr">{children}</bdi> : children;
}

/** A value that mixes the page's words with codes and figures ("80-120 mesh (لا يقل عن 95% …)"), each code and figure isolated on a right-to-left page. */
export function LtrRuns({ text, language }: { text: string; language?: string }) {
  const rightToLeft = useRightToLeft(language);
  if (!rightToLeft) return text;
  const parts = ltrRuns(text);
  // Text that is all one run needs no split.
  if (parts.length === 1) return parts[0].ltr ? <bdi dir="ltr">{text}</bdi> : text;
  return parts.map((part, i) =>
    part.ltr ? (
      <bdi key={i} dir="ltr">
        {part.text}
      </bdi>
    ) : (
      part.text
    ),
  );
}
