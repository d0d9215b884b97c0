/**
 * Browser-side check of a secret against a stored PBKDF2-SHA-256 hash (Web Crypto), with a
 * comparison whose time does not depend on where the bytes differ.
 */
interface StoredSecret {
  salt: string;
  hash: string;
  iterations: number;
}

const encoder = new TextEncoder();

export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

function fromBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** True when `a` and `b` hold the same bytes; every byte is looked at whatever the first difference. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i += 1) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** PBKDF2-SHA-256 of `secret` with the stored salt and iteration count, as many bytes as the hash. */
async function deriveHash(secret: string, stored: StoredSecret): Promise<Uint8Array> {
  const expectedLength = fromBase64(stored.hash).length;
  const key = await globalThis.crypto.subtle.importKey('raw', utf8(secret) as BufferSource, 'PBKDF2', false, ['deriveBits']);
  const bits = await globalThis.crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(stored.salt) as BufferSource, iterations: stored.iterations },
    key,
    expectedLength * 8,
  );
  return new Uint8Array(bits);
}

export async function matchesSecret(secret: string, stored: StoredSecret): Promise<boolean> {
  return constantTimeEqual(await deriveHash(secret, stored), fromBase64(stored.hash));
}
