/**
 * Vite plugin (runs in Node at build and dev time) serving `virtual:credentials`: the static
 * host's gate, the admin and investor sign-in pairs as a username or e-mail plus a random salt and
 * a PBKDF2-SHA-256 hash. The password and the access key never enter the bundle, so `grep` of
 * dist/ cannot find them; the hash does, in a public script, where anyone can guess at it offline.
 *
 * So the gate has secrets of its own: GATE_ADMIN_USERNAME / GATE_ADMIN_PASSWORD and
 * GATE_INVESTOR_EMAIL / GATE_INVESTOR_KEY (the process environment or a .env file), never the
 * server's ADMIN_PASSWORD or INVESTOR_KEY; a build given the same value for both stops. Unset or
 * empty values fall back to the documented development defaults, and the build says so.
 *
 * A build for the site's own server (`npm start`, `scripts/build.ts --for-server`) and the dev
 * server, which both sign in on the server, ship no pair at all: both exports are null.
 */
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { loadEnv, type Plugin } from 'vite';
import { DEV_DEFAULTS, GATE_DEV_DEFAULTS, readCredentials, type GateCredentialName } from './dev-defaults.ts';

export { DEV_DEFAULTS, GATE_DEV_DEFAULTS };

/** Set by `scripts/build.ts --for-server`: the build is served by the site's own server. */
export const SERVER_BUILD_VARIABLE = 'GB_BUILD_FOR_SERVER';

export const PBKDF2_ITERATIONS = 210_000;
const HASH_BYTES = 32;
const SALT_BYTES = 16;

type CredentialVariable = GateCredentialName;

interface StoredSecret {
  salt: string;
  hash: string;
  iterations: number;
}
export interface Credentials {
  admin: StoredSecret & { username: string };
  investor: StoredSecret & { email: string };
}

/** PBKDF2-SHA-256 of `secret` (UTF-8), base64; src/browser/auth/verify.ts derives the same in the browser. */
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
  const reused = reusedServerSecrets(env);
  if (reused.length > 0) throw new Error(reusedMessage(reused));
  const { values, defaultsUsed } = readCredentials(env, GATE_DEV_DEFAULTS);
  const credentials: Credentials = {
    admin: { username: values.GATE_ADMIN_USERNAME, ...protect(values.GATE_ADMIN_PASSWORD, random) },
    // Compared case-insensitively after trimming, so it is stored in that form.
    investor: { email: values.GATE_INVESTOR_EMAIL.trim().toLowerCase(), ...protect(values.GATE_INVESTOR_KEY, random) },
  };
  return { credentials, defaultsUsed };
}

/** The gate's secrets set to the server's: pairs of variable names. */
function reusedServerSecrets(env: Partial<Record<string, string | undefined>>): [GateCredentialName, string][] {
  const pairs: [GateCredentialName, string][] = [
    ['GATE_ADMIN_PASSWORD', 'ADMIN_PASSWORD'],
    ['GATE_INVESTOR_KEY', 'INVESTOR_KEY'],
  ];
  return pairs.filter(([gate, server]) => Boolean(env[gate]) && env[gate] === env[server]);
}

function reusedMessage(reused: readonly [string, string][]): string {
  const named = reused.map(([gate, server]) => `${gate} is the same as ${server}`).join('; ');
  return (
    `[credentials] ${named}. The static host's gate ships a hash of its secret in a public script, where anyone can guess ` +
    "at it offline; the server's secret must never be one of them. Choose a separate value for the gate, or build for " +
    'the server (npm start), which ships no hash.'
  );
}

function defaultsWarning(defaultsUsed: readonly CredentialVariable[]): string {
  return (
    `[credentials] ${defaultsUsed.join(', ')} not set: the static host's sign-in gate uses the development default${defaultsUsed.length > 1 ? 's' : ''}. ` +
    "Anyone who reads the project's guides can open the portals of this build on a static host. Set GATE_ADMIN_USERNAME, " +
    "GATE_ADMIN_PASSWORD, GATE_INVESTOR_EMAIL and GATE_INVESTOR_KEY (never the server's ADMIN_PASSWORD or INVESTOR_KEY) " +
    "before building for a static host, or build for the site's own server with npm start (src/server/README.md, Security)."
  );
}

/** The module of a build that signs in on the server: no pair to check in the browser. */
const SERVER_MODULE = ['export const admin = null;', 'export const investor = null;', 'export default { admin, investor };'].join('\n');

const ID = 'virtual:credentials';
const RESOLVED = `\0${ID}`;

export function credentialsPlugin(): Plugin {
  let env: Record<string, string> = {};
  let module: string | null = null;
  let forServer = false;

  return {
    name: 'garlic-credentials',
    configResolved(config) {
      forServer = config.command === 'serve' || process.env[SERVER_BUILD_VARIABLE] === '1';
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
      if (forServer) return SERVER_MODULE;
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
