import { describe } from 'vitest';
import { isEmailAddress } from './email-address';
import { eachReturnsSame } from '../../../tests/support/each-returns';

describe('isEmailAddress', () => {
  eachReturnsSame(
    'accepts %s',
    isEmailAddress,
    [
      'name@company.com',
      "o'brien@example.ie",
      'first.last+orders@sub.example.com.au',
      "j.o'neill-smith@example.co.uk",
      'hans@bäckerei.de',
      'hans@xn--bckerei-5wa.de',
      'EXPORT@Example.COM',
      'info@مثال.السعودية',
      `${'a'.repeat(64)}@example.com`,
    ],
    true,
  );

  eachReturnsSame(
    'refuses %j',
    isEmailAddress,
    [
      '',
      'name',
      '@example.com',
      'name@',
      'name@example',
      'name@example.',
      'name@.example.com',
      'name@-example.com',
      'name@example-.com',
      'name@exa_mple.com',
      'name@192.168.0.1',
      'name@[192.168.0.1]',
      'name@example.com:25',
      'name@example.com/path',
      'name@evil.example@example.com',
      'name example@example.com',
      '.name@example.com',
      'name.@example.com',
      'na..me@example.com',
      '"quoted"@example.com',
      'müller@example.de',
      `${'a'.repeat(65)}@example.com`,
      `name@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
    ],
    false,
  );
});
