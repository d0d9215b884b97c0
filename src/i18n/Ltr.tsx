/**
 * Text that reads left to right in a page of either direction: product codes, mesh sizes, units,
 * e-mail addresses, phone numbers, URLs. On a right-to-left page it is isolated (`<bdi dir="ltr">`),
 * so the Arabic around it neither reorders it nor is reordered by it: without that, "80-120 mesh"
 * after an Arabic word shows as "120-80 mesh" and "+91 00000 00000" as "00000 00000 +91". A
 * left-to-right page gets the text as it is, not a byte more.
 */
import type { ReactNode } from 'react';
import { languageOf } from './languages';
import { usePathname } from '@/router/location';

function useRightToLeft(): boolean {
  return languageOf(usePathname()).dir === 'rtl';
}

/** One left-to-right text (an e-mail address, a phone number, a code). */
export function Ltr({ children }: { children: ReactNode }) {
  return useRightToLeft() ? <bdi dir="ltr">{children}</bdi> : children;
}

/**
 * A run of left-to-right text inside a sentence of another script: Latin letters and digits with
 * what joins them inside a code, a figure or a unit ("ISO 4833-1", "0.55-0.70 g/ml", "100,000
 * cfu/g", "95%", "25 °C", "E. coli"). A comma joins only digits: codes listed with commas
 * ("HACCP, FSSAI") stay items of the sentence, in its order. Brackets stay outside: the sentence's
 * direction mirrors them.
 */
const LTR_RUN = /[A-Za-z0-9](?:(?:[A-Za-z0-9 .:/%°×+&'–-]|,(?=[0-9]))*[A-Za-z0-9%°])?/g;

/** The text's left-to-right runs split out, so that each can be isolated. */
export function ltrRuns(text: string): { text: string; ltr: boolean }[] {
  const parts: { text: string; ltr: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(LTR_RUN)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), ltr: false });
    parts.push({ text: match[0], ltr: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), ltr: false });
  return parts;
}

/** A value that mixes the page's words with codes and figures ("80-120 mesh (لا يقل عن 95% …)"), each code and figure isolated on a right-to-left page. */
export function LtrRuns({ text }: { text: string }) {
  const rightToLeft = useRightToLeft();
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
