import { describe, expect, it } from 'vitest';
import { lockoutMessage } from './lockout';

describe('lockoutMessage', () => {
  it('says how many seconds are left, rounded up', () => {
    expect(lockoutMessage(27_000)).toBe('Too many failed attempts. Try again in 27 seconds.');
    expect(lockoutMessage(26_001)).toBe('Too many failed attempts. Try again in 27 seconds.');
    expect(lockoutMessage(400)).toBe('Too many failed attempts. Try again in 1 second.');
  });
});
