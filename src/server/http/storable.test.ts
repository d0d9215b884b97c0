import { describe, expect, it } from 'vitest';
import { unstorableCharacter, unstorableValue } from './storable';

describe('text the database can store', () => {
  it('takes any well-formed text, emoji and other pairs of surrogates included', () => {
    for (const text of ['', 'Anna Schmidt', 'Lahsun लहसुन 🧄', '𝔊arlic', '\t\r\n']) expect(unstorableCharacter(text)).toBeNull();
    // The first and last pairs (U+10000, U+10FFFF), a pair of the first high and last low surrogate,
    // and the characters just above the surrogates (private use, the byte order mark).
    for (const text of ['\ud800\udc00', '\udbff\udfff', '\ud83e\udc00', '\ud83e\udfff', 'private \ue000 and \ufeff'])
      expect(unstorableCharacter(text)).toBeNull();
  });

  it('names a NUL and every kind of unpaired surrogate', () => {
    expect(unstorableCharacter('a\u0000b')).toBe('U+0000 (NUL)');
    expect(unstorableCharacter('end \ud83e')).toBe('U+D83E (an unpaired surrogate)');
    expect(unstorableCharacter('\udfff start')).toBe('U+DFFF (an unpaired surrogate)');
    expect(unstorableCharacter('\udd84\ud83e')).toBe('U+DD84 (an unpaired surrogate)');
    expect(unstorableCharacter('\ud83e\ud83e\udd84')).toBe('U+D83E (an unpaired surrogate)');
    // A low surrogate after a letter or after another low one; a high one before a character that is not low.
    expect(unstorableCharacter('a\udc00')).toBe('U+DC00 (an unpaired surrogate)');
    expect(unstorableCharacter('\udc00\udc00')).toBe('U+DC00 (an unpaired surrogate)');
    expect(unstorableCharacter('\ud83e\ue000')).toBe('U+D83E (an unpaired surrogate)');
  });

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
