/**
 * The server's refusal to serve its own secrets' hashes. A build for a static host carries its
 * sign-in gate as salted PBKDF2 hashes in a public script (src/build/credentials/credentials-plugin.ts); whoever
 * downloads it can guess at the secret offline, as fast as their hardware allows, without the
 * server's scrypt and throttle. If ADMIN_PASSWORD or INVESTOR_KEY is the secret behind such a
 * hash, the server's own sign-in is no stronger than that, so the server does not start.
 */
import { pbkdf2 } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const derive = promisify(pbkdf2);

/** A credential record as any minifier writes it: salt, hash and iterations, keys quoted or not. */
const RECORD =
  /["']?salt["']?\s*:\s*[`"']([A-Za-z0-9+/=]{8,})[`"']\s*,\s*["']?hash["']?\s*:\s*[`"']([A-Za-z0-9+/=]{8,})[`"']\s*,\s*["']?iterations["']?\s*:\s*([0-9][0-9.e+]*)/g;

/** Above this a record is no gate the build made, and deriving it would hold the start for minutes. */
const MAX_ITERATIONS = 5_000_000;

/** Files a browser can be sent that could hold a script's text (precompressed copies repeat them). */
const TEXT_FILE = /\.(?:m?js|html?|json|txt|xml|webmanifest)$/i;

export interface HashRecord {
  /** The file, relative to the build's folder. */
  file: string;
  salt: Buffer;
  hash: Buffer;
  iterations: number;
}

/** Every credential record in the public files of a build. */
export function hashRecords(root: string): HashRecord[] {
  const records: HashRecord[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    for (const match of fs.readFileSync(full, 'utf8').matchAll(RECORD)) {
      const iterations = Number(match[3]);
      if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) continue;
      records.push({ file: path.relative(root, full), salt: Buffer.from(match[1], 'base64'), hash: Buffer.from(match[2], 'base64'), iterations });
    }
  }
  return records;
}

/** For each named secret that one of the records is the hash of, the name and the file. */
export async function servedSecrets(records: readonly HashRecord[], secrets: Readonly<Record<string, string>>): Promise<{ name: string; file: string }[]> {
  const checks = records.flatMap((record) =>
    Object.entries(secrets).map(async ([name, secret]) => {
      const derived = await derive(secret, record.salt, record.iterations, record.hash.length, 'sha256');
      return derived.equals(record.hash) ? { name, file: record.file } : null;
    }),
  );
  return (await Promise.all(checks)).filter((found) => found !== null);
}

/** Throws, naming the variable and the file, when the build in `root` carries a hash of one of the server's secrets. */
export async function refuseServedSecrets(root: string, secrets: Readonly<Record<string, string>>): Promise<{ gateRecords: number }> {
  const records = hashRecords(root);
  const [found] = await servedSecrets(records, secrets);
  if (found)
    throw new Error(
      `the build in ${root} carries a hash of ${found.name} in a public file (${found.file}): anyone can download it and guess ` +
        `${found.name} offline, without this server's throttle. Choose another ${found.name}, and build for this server with ` +
        '`npm start` (or `npm run build -- --for-server`), which ships no sign-in hash; a static host gate has its own GATE_* secrets.',
    );
  return { gateRecords: records.length };
}
