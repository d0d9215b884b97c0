/**
 * Text the database can store. PostgreSQL's text and jsonb hold no NUL character, and jsonb no
 * unpaired UTF-16 surrogate (the pg driver would also turn one into U+FFFD in text, changing what
 * was sent). Both arrive in well-formed JSON as \u0000 or \ud800, so request values are checked at
 * the boundary (every JSON body in readJsonObject) and refused with 400 naming the value, instead
 * of failing in the database.
 */

/** The first character `text` cannot be stored with, as U+XXXX and what it is, or null. */
export function unstorableCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0) return 'U+0000 (NUL)';
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        i += 1;
        continue;
      }
    }
    if (code >= 0xd800 && code <= 0xdfff) return `U+${code.toString(16).toUpperCase()} (an unpaired surrogate)`;
  }
  return null;
}

/**
 * Why a parsed JSON value cannot be stored, naming a key or string value that cannot, e.g.
 * `"fields.message" holds a character that cannot be stored: U+0000 (NUL)`; null when it can. Walks
 * with its own stack: a deeply nested body must not overflow the call stack.
 */
export function unstorableValue(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [item, where] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      const bad = unstorableCharacter(item);
      if (bad) return `"${where.slice(0, 100) || 'body'}" holds a character that cannot be stored: ${bad}`;
    } else if (Array.isArray(item)) {
      item.forEach((entry, index) => pending.push([entry, `${where}[${index}]`]));
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) {
        const bad = unstorableCharacter(key);
        if (bad) return `A field name holds a character that cannot be stored: ${bad}`;
        pending.push([entry, where ? `${where}.${key}` : key]);
      }
    }
  }
  return null;
}
