import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocationProvider } from '@/ui/router/location';
import { Ltr } from './Ltr';

describe('Ltr', () => {
  const render = (pathname: string, node: ReactNode) => renderToStaticMarkup(<LocationProvider value={pathname}>{node}</LocationProvider>);

  it('isolates the site’s own left-to-right text on a right-to-left page', () => {
    expect(render('/ar/contact', <Ltr>+91 00000 00000</Ltr>)).toBe('<bdi dir="ltr">+91 00000 00000</bdi>');
  });

  it('adds nothing to a left-to-right page', () => {
    for (const pathname of ['/contact', '/de/contact'])
      expect(render(pathname, <Ltr>export@garlicbrothers.example</Ltr>)).toBe('export@garlicbrothers.example');
  });
});
