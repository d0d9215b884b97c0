/**
 * One card in a list of cards (a `ul.card-grid`): a picture if it has one, its title (a link where
 * the caller gives one) and a short text. The home page's advantages and products and the investor
 * documents are drawn with it, so their cards share one markup. The link is the caller's: a public
 * page's leads to its translation (SmartLink), the English-only investor portal's is a plain anchor
 * and so loads none of the interface words of every language.
 */
import type { ReactNode } from 'react';
import { WholeFigures } from '@/ui/i18n/WholeFigures';

interface Props {
  /** The title as text, or as a link. */
  title: ReactNode;
  text: string;
  /** Drawn above the title. */
  picture?: ReactNode;
  /** A class besides `card`. */
  className?: string;
}

export function CardItem({ title, text, picture, className }: Props) {
  return (
    <li className={className ? `card ${className}` : 'card'}>
      {picture}
      <h3 className="card-title">{title}</h3>
      <p className="card-body">
        <WholeFigures text={text} />
      </p>
    </li>
  );
}
