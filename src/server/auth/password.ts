/**
 * Secrets checked with scrypt (memory-hard, so a leaked hash is slow to attack on GPUs). The
 * configured password is hashed once at start with a random salt and the clear text is not kept
 * by this module; each attempt costs one scrypt on the thread pool, not the event loop.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** About 32 MB and tens of milliseconds per check on a small server. */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;

function derive(secret: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * cost.p + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(secret.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export interface SecretCheck {
  /** True when `candidate` is the secret. Takes the same time whatever the candidate. */
  verify(candidate: string): Promise<boolean>;
}

export async function hashSecret(secret: string, cost: ScryptCost = DEFAULT_COST): Promise<SecretCheck> {
  const salt = randomBytes(16);
  const expected = await derive(secret, salt, cost);
  return {
    async verify(candidate) {
      const key = await derive(candidate, salt, cost);
      return timingSafeEqual(key, expected);
    },
  };
}
