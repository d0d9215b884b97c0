/**
 * Left-to-right runs inside text of a right-to-left script, found the same way wherever they are
 * isolated: by the specification sheet's components (Ltr.tsx) and in the prose of right-to-left
 * pages (src/content/rehype-isolate-ltr.ts). No React here: the build's MDX compiler uses it.
 */
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
