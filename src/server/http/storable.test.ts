import { describe, expect, it } from 'vitest';
import { unstorableCharacter, unstorableValue } from './storable';
import { eachReturns, eachReturnsSame } from '../../../tests/support/each-returns';

describe('text the database can store', () => {
  // Besides plain text: the first and last pairs (U+10000, U+10FFFF), a pair of the first high and last low surrogate,
  // and the characters just above the surrogates (private use, the byte order mark).
  eachReturnsSame(
    'takes any well-formed text, emoji and other pairs of surrogates included: %j',
    unstorableCharacter,
    ['', 'Anna Schmidt', 'Lahsun लहसुन 🧄', '𝔊arlic', '\t\r\n', '\ud800\udc00', '\udbff\udfff', '\ud83e\udc00', '\ud83e\udfff', 'private \ue000 and \ufeff'],
    null,
  );

  // A low surrogate after a letter or after another low one; a high one before a character that is not low.
  eachReturns('names a NUL and every kind of unpaired surrogate: %j is %s', unstorableCharacter, [
    ['a\u0000b', 'U+0000 (NUL)'],
    ['end \ud83e', 'U+D83E (an unpaired surrogate)'],
    ['\udfff start', 'U+DFFF (an unpaired surrogate)'],
    ['\udd84\ud83e', 'U+DD84 (an unpaired surrogate)'],
    ['\ud83e\ud83e\udd84', 'U+D83E (an unpaired surrogate)'],
    ['a\udc00', 'U+DC00 (an unpaired surrogate)'],
    ['\udc00\udc00', 'U+DC00 (an unpaired surrogate)'],
    ['\ud83e\ue000', 'U+D83E (an unpaired surrogate)'],
  ]);

  it('names where in a JSON value the text is, keys included', () => {
    expect(unstorableValue({ type: 'x', fields: { name: 'ok', products: ['a', 'b\u0000'] } })).toBe(
      '"fields.products[1]" holds a character that cannot be stored: U+0000 (NUL)',
    );
    expect(unstorableValue({ fields: { 'na\ud800me': 'x' } })).toBe('A field name holds a character that cannot be stored: U+D800 (an unpaired surrogate)');
    expect(unstorableValue({ n: 1, b: true, z: null, list: [[], {}] })).toBeNull();
    expect(unstorableValue('a\u0000')).toBe('"body" holds a character that cannot be stored: U+0000 (NUL)');
    // A long path is cut to its first 100 characters.
    expect(unstorableValue({ ['k'.repeat(150)]: '\u0000' })).toBe(`"${'k'.repeat(100)}" holds a character that cannot be stored: U+0000 (NUL)`);
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`) as unknown;
    expect(unstorableValue(deep)).toMatch(/^"\[0\]\[0\].*" holds a character that cannot be stored: U\+0000/);
  });
});
