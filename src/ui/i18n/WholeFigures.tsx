/**
 * Text with each run of joined figures ("80-120", "ISO 21527-2") kept on one line
 * (src/shared/i18n/joined-figures.ts); a text without any is returned as it is, not a byte more.
 */
import { joinedFigures, NO_BREAK_CLASS } from '@/shared/i18n/joined-figures';

export function WholeFigures({ text }: { text: string }) {
  const parts = joinedFigures(text);
  if (parts.length === 1 && !parts[0]!.whole) return text;
  return parts.map((part, i) =>
    part.whole ? (
      <span key={i} className={NO_BREAK_CLASS}>
        {part.text}
      </span>
    ) : (
      part.text
    ),
  );
}
