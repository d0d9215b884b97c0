import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message';

describe('errorMessage', () => {
  it("gives an Error's message, a subclass's too, and anything else as String() writes it", () => {
    expect(errorMessage(new Error('disk full'))).toBe('disk full');
    expect(errorMessage(new TypeError('not a function'))).toBe('not a function');
    expect(errorMessage('timed out')).toBe('timed out');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ code: 'E' })).toBe('[object Object]');
  });
});
