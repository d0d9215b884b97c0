/**
 * Text shown in a right-to-left sentence, with each Latin run that the sentence could reorder
 * ("12-14", "80-120 mesh", "+971 4 1234567") in `<bdi dir="ltr">`, by the site's one rule
 * (src/shared/i18n/ltr-runs.ts), its joined figures ("80-120") kept on one line (WholeFigures.tsx);
 * the rest of the text as it is: figures joined by a hyphen or a dash always need isolating, so
 * none is left outside those runs.
 */
import { ltrRuns, needsIsolation } from '@/shared/i18n/ltr-runs';
import { WholeFigures } from './WholeFigures';

export function IsolatedRuns({ text }: { text: string }) {
  return ltrRuns(text).map((part, i) =>
    part.ltr && needsIsolation(part.text) ? (
      <bdi key={i} dir="ltr">
        <WholeFigures text={part.text} />
      </bdi>
    ) : (
      part.text
    ),
  );
}
