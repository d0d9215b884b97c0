import { describe, expect, it } from 'vitest';
import { adminReturnPath, investorReturnPath } from './next-path';

describe('adminReturnPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/', '/admin'],
    ['/admin#job-applications', '/admin#job-applications'],
    ['/admin/reports?tab=2', '/admin/reports?tab=2'],
  ])('keeps the same-site admin path %s', (next, expected) => {
    expect(adminReturnPath(next)).toBe(expected);
  });

  it.each([
    null,
    '',
    'admin',
    '/',
    '/about',
    '/administrator',
    '/admin/login',
    '/admin/../about',
    '//evil.example/admin',
    '/\\evil.example/admin',
    'https://evil.example/admin',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
  ])('sends %s to the dashboard', (next) => {
    expect(adminReturnPath(next)).toBe('/admin');
  });
});

describe('investorReturnPath', () => {
  it.each([
    ['/investors', '/investors'],
    ['/investors/login', '/investors'],
    ['/admin', '/investors'],
    ['//evil.example/investors', '/investors'],
    [null, '/investors'],
  ])('keeps a path inside the investor portal and refuses everything else: %s gives %s', (next, expected) => {
    expect(investorReturnPath(next)).toBe(expected);
  });
});
