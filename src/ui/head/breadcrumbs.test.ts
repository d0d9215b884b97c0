import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from './breadcrumbs';

describe('breadcrumbTrail', () => {
  it('puts a portal login page straight under Home: its portal would only send a signed-out visitor back to it', () => {
    expect(breadcrumbTrail('/admin/login', 'Admin Login')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Admin Login', path: '/admin/login' },
    ]);
    expect(breadcrumbTrail('/investors/login', 'Investor Login')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Investor Login', path: '/investors/login' },
    ]);
  });

  it('keeps section parents elsewhere, and under a portal for its other pages', () => {
    expect(breadcrumbTrail('/region/eu', 'European Union').map((c) => c.name)).toEqual(['Home', 'Global Markets', 'European Union']);
    expect(breadcrumbTrail('/blog/3', 'A post').map((c) => c.path)).toEqual(['/', '/blog', '/blog/3']);
    expect(breadcrumbTrail('/admin/reports', 'Reports').map((c) => c.path)).toEqual(['/', '/admin', '/admin/reports']);
    expect(breadcrumbTrail('/investors/login-help', 'Help').map((c) => c.path)).toEqual(['/', '/investors', '/investors/login-help']);
    expect(breadcrumbTrail('/', 'Home')).toEqual([{ name: 'Home', path: '/' }]);
  });
});
