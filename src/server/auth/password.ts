/**
 * Secrets checked with scrypt (memory-hard, so a leaked hash is slow to attack on GPUs). Each
 * check costs one scrypt on the thread pool, not the event loop, and keys are compared in
 * constant time.
 *
 * Two uses: a secret from the environment (the investor key) hashed once at start and kept in
 * memory (hashSecret), and the admin accounts' passwords kept in the database as self-describing
 * strings (hashPassword, verifyPassword): `$scrypt$ln=15,r=8,p=1$<salt>$<key>`, the cost and the
 * salt beside the key, so a hash made at one cost still verifies after DEFAULT_COST is raised, and
 * needsRehash tells when a sign-in should store a new one at the new cost.
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
const SALT_BYTES = 16;
/** What a stored hash may ask for: a damaged or hostile row must not make a check take gigabytes or minutes. */
const MAX_LOG_N = 20;
const MAX_R = 32;
const MAX_P = 16;

function derive(secret: string, salt: Buffer, cost: ScryptCost, keyBytes = KEY_BYTES): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * cost.p + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(secret.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export interface SecretCheck {
  /** True when `candidate` is the secret. Takes the same time whatever the candidate. */
  verify(candidate: string): Promise<boolean>;
}

export async function hashSecret(secret: string, cost: ScryptCost = DEFAULT_COST): Promise<SecretCheck> {
  const salt = randomBytes(SALT_BYTES);
  const expected = await derive(secret, salt, cost);
  return {
    async verify(candidate) {
      const key = await derive(candidate, salt, cost);
      return timingSafeEqual(key, expected);
    },
  };
}

/** A password as the accounts table stores it: `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt base64>$<key base64>`. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return `$scrypt$ln=${Math.log2(cost.N)},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

const HASH_PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** The cost, salt and key of a stored hash, or null when it is not one this module wrote. */
function parseHash(stored: string): ParsedHash | null {
  const match = HASH_PATTERN.exec(stored);
  if (!match) return null;
  const [logN, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (logN < 1 || logN > MAX_LOG_N || r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  const salt = Buffer.from(match[4] as string, 'base64');
  const key = Buffer.from(match[5] as string, 'base64');
  if (salt.length < 8 || key.length < 16 || key.length > 64) return null;
  return { cost: { N: 2 ** logN, r, p }, salt, key };
}

/** True when `candidate` is the password `stored` was made from; false for a hash it cannot read. */
export async function verifyPassword(candidate: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(candidate, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when `stored` was made at a lower cost than `cost` (or cannot be read): the next successful sign-in stores a new hash. */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_COST): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p || parsed.key.length < KEY_BYTES;
}

const decoys = new Map<string, Promise<string>>();

/**
 * A hash of a random password at `cost`, made once per cost: a sign-in for an account that does
 * not exist is checked against it, so it takes as long as one for an account that does, and the
 * time does not tell which accounts exist.
 */
export function decoyHash(cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const id = `${cost.N}:${cost.r}:${cost.p}`;
  let decoy = decoys.get(id);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('base64'), cost);
    decoys.set(id, decoy);
  }
  return decoy;
}
