/**
 * Vite plugin (runs in Node at build and dev time) serving `virtual:credentials`: the admin and
 * investor sign-in pairs as a username or e-mail plus a random salt and a PBKDF2-SHA-256 hash.
 * The password and the access key never enter the bundle, so `grep` of dist/ cannot find them.
 *
 * The pairs come from ADMIN_USERNAME / ADMIN_PASSWORD and INVESTOR_EMAIL / INVESTOR_KEY (the
 * process environment or a .env file). Unset or empty values fall back to the documented
 * development defaults below, and the build says so with a warning.
 */
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { loadEnv, type Plugin } from 'vite';
import { DEV_DEFAULTS, readCredentials, type CredentialName } from './dev-defaults.ts';

export { DEV_DEFAULTS };

export const PBKDF2_ITERATIONS = 210_000;
const HASH_BYTES = 32;
const SALT_BYTES = 16;

type CredentialVariable = CredentialName;

interface StoredSecret {
  salt: string;
  hash: string;
  iterations: number;
}
export interface Credentials {
  admin: StoredSecret & { username: string };
  investor: StoredSecret & { email: string };
}

/** PBKDF2-SHA-256 of `secret` (UTF-8), base64; src/auth/verify.ts derives the same in the browser. */
function hashSecret(secret: string, salt: Uint8Array, iterations = PBKDF2_ITERATIONS): string {
  return pbkdf2Sync(secret, salt, iterations, HASH_BYTES, 'sha256').toString('base64');
}

function protect(secret: string, random: (size: number) => Uint8Array): StoredSecret {
  const salt = random(SALT_BYTES);
  return { salt: Buffer.from(salt).toString('base64'), hash: hashSecret(secret, salt), iterations: PBKDF2_ITERATIONS };
}

/**
 * The module's data from the environment; `defaultsUsed` names the variables that fell back to
 * their development default. A fresh salt each call, so every build hashes anew.
 */
export function buildCredentials(
  env: Partial<Record<string, string | undefined>>,
  random: (size: number) => Uint8Array = randomBytes,
): { credentials: Credentials; defaultsUsed: CredentialVariable[] } {
  const { values, defaultsUsed } = readCredentials(env);
  const credentials: Credentials = {
    admin: { username: values.ADMIN_USERNAME, ...protect(values.ADMIN_PASSWORD, random) },
    // Compared case-insensitively after trimming, so it is stored in that form.
    investor: { email: values.INVESTOR_EMAIL.trim().toLowerCase(), ...protect(values.INVESTOR_KEY, random) },
  };
  return { credentials, defaultsUsed };
}

function defaultsWarning(defaultsUsed: readonly CredentialVariable[]): string {
  return (
    `[credentials] ${defaultsUsed.join(', ')} not set: using the development default${defaultsUsed.length > 1 ? 's' : ''}. ` +
    'Anyone who reads the README can sign in to this build. Set ADMIN_USERNAME, ADMIN_PASSWORD, INVESTOR_EMAIL and ' +
    'INVESTOR_KEY before building for production (README, Security).'
  );
}

const ID = 'virtual:credentials';
const RESOLVED = `\0${ID}`;

export function credentialsPlugin(): Plugin {
  let env: Record<string, string> = {};
  let module: string | null = null;

  return {
    name: 'garlic-credentials',
    configResolved(config) {
      // Prefix '' reads every variable of .env files and the process; only the four above are used.
      env = config.envDir === false ? ({ ...process.env } as Record<string, string>) : loadEnv(config.mode, config.envDir ?? config.root, '');
    },
    buildStart() {
      // A new salt (and warning) per build; the dev server builds once per start.
      module = null;
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return;
      if (module === null) {
        const { credentials, defaultsUsed } = buildCredentials(env);
        if (defaultsUsed.length > 0) this.warn(defaultsWarning(defaultsUsed));
        module = [
          `export const admin = ${JSON.stringify(credentials.admin)};`,
          `export const investor = ${JSON.stringify(credentials.investor)};`,
          'export default { admin, investor };',
        ].join('\n');
      }
      return module;
    },
  };
}
