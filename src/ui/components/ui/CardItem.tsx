/**
 * One card in a list of cards (a `ul.card-grid`): a picture if it has one, its title (a link where
 * `href` is given) and a short text. The home page's advantages and products and the investor
 * documents are drawn with it, so their cards share one markup.
 */
import type { ReactNode } from 'react';
import { SmartLink } from './links';

interface Props {
  title: string;
  href?: string;
  text: string;
  /** Drawn above the title. */
  picture?: ReactNode;
  /** A class besides `card`. */
  className?: string;
}

export function CardItem({ title, href, text, picture, className }: Props) {
  return (
    <li className={className ? `card ${className}` : 'card'}>
      {picture}
      <h3 className="card-title">{href ? <SmartLink href={href}>{title}</SmartLink> : title}</h3>
      <p className="card-body">{text}</p>
    </li>
  );
}
