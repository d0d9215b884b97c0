/**
 * An internal link on a page in any language: to the page's translation where there is one;
 * to a page published in the default language only (a blog post, careers, the legal pages), with
 * `hreflang` and a visible note of that language, in the page's language. `compact` (the header's
 * row, which has no room for the note beside each link) says it to screen readers only.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { DEFAULT_LANGUAGE } from '../../shared/i18n/languages';
import { localHref, useUi } from './ui';

export function LocalizedLink({
  href,
  compact = false,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; compact?: boolean; children: ReactNode }) {
  const { code, strings } = useUi();
  const target = localHref(code, href);
  if (!target.otherLanguage)
    return (
      <a href={target.href} {...rest}>
        {children}
      </a>
    );
  return (
    <a href={target.href} hrefLang={DEFAULT_LANGUAGE.code} {...rest}>
      {children}
      <span className={compact ? 'visually-hidden' : 'other-language'}>{` (${strings.language.englishOnly})`}</span>
    </a>
  );
}
