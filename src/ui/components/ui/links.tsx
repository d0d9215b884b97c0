/**
 * Links: every page is a document of its own, so internal links are plain anchors (the runtime
 * prefetches them); external links open in a new tab without handing the opener to the other site.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { LocalizedLink } from '@/ui/i18n/LocalizedLink';

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function SmartLink({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string }) {
  const external = /^https?:/.test(href);
  // On a page in another language, an internal link leads to the translation, or says it leads to the English page.
  if (isInternal(href))
    return (
      <LocalizedLink href={href} {...rest}>
        {children}
      </LocalizedLink>
    );
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}

/** A link styled as a button. `track` names an analytics event the runtime sends on click. */
export function ButtonLink({
  to,
  variant = 'primary',
  children,
  ...data
}: {
  to: string;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
} & { [key: `data-${string}`]: string | undefined }) {
  return (
    <SmartLink href={to} className={`btn btn-${variant}`} {...data}>
      {children}
    </SmartLink>
  );
}
