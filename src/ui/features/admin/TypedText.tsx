/**
 * What a visitor typed (a buyer's message, name, address or intended use), shown to the team as
 * written. A text written mostly in a right-to-left script reads right to left (its element has
 * `dir="auto"`), and after Arabic letters the digits of "80-120 mesh", "25 kg" or "+971 4 1234567"
 * would be laid out as Arabic numbers and swap places ("120-80"): each such run goes in
 * `<bdi dir="ltr">` (IsolatedRuns), as in the team's e-mail.
 * A left-to-right text is shown as it is. In both, a range ("80-120") stays on one line (WholeFigures).
 */
import { isRightToLeft } from '@/shared/i18n/ltr-runs';
import { IsolatedRuns } from '@/ui/i18n/IsolatedRuns';
import { WholeFigures } from '@/ui/i18n/WholeFigures';

export function TypedText({ text }: { text: string }) {
  return isRightToLeft(text) ? <IsolatedRuns text={text} /> : <WholeFigures text={text} />;
}
