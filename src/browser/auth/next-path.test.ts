import { describe } from 'vitest';
import { adminReturnPath, investorReturnPath } from './next-path';
import { eachReturns, eachReturnsSame } from '../../../tests/support/each-returns';

describe('adminReturnPath', () => {
  eachReturns('keeps the same-site admin path %s', adminReturnPath, [
    ['/admin', '/admin'],
    ['/admin/', '/admin'],
    ['/admin#job-applications', '/admin#job-applications'],
    ['/admin/reports?tab=2', '/admin/reports?tab=2'],
  ]);

  eachReturnsSame(
    'sends %s to the dashboard',
    adminReturnPath,
    [
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
    ],
    '/admin',
  );
});

describe('investorReturnPath', () => {
  eachReturns('keeps a path inside the investor portal and refuses everything else: %s gives %s', investorReturnPath, [
    ['/investors', '/investors'],
    ['/investors/login', '/investors'],
    ['/admin', '/investors'],
    ['//evil.example/investors', '/investors'],
    [null, '/investors'],
  ]);
});
