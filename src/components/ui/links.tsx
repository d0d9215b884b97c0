/**
 * Links: internal paths go through the router (client-side navigation); external links open in a
 * new tab without handing the opener to the other site.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';

export function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function SmartLink({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string }) {
  if (isInternal(href)) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/.test(href);
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}

export function ButtonLink({
  to,
  variant = 'primary',
  children,
  onClick,
}: {
  to: string;
  variant?: 'primary' | 'secondary';
  children: ReactNode;
  onClick?: () => void;
}) {
  return (
    <SmartLink href={to} className={`btn btn-${variant}`} onClick={onClick}>
      {children}
    </SmartLink>
  );
}
