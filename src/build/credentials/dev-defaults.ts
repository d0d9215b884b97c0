/**
 * The development sign-in pairs, published in src/server/README.md: for local work only. Two sets, never
 * the same values: the server's (ADMIN_*, INVESTOR_*), which it checks itself and never ships, and
 * the static host's gate (GATE_*), whose salted hashes a static build carries in a public script.
 * A secret that guards the server must never be one a public file lets anyone guess offline, so
 * the two are configured apart. The build plugin and the server both fall back to these (and warn)
 * when a variable is unset or empty. Kept apart from the plugin so the server does not load Vite.
 */
export const DEV_DEFAULTS = {
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'garlic-admin-dev',
  INVESTOR_EMAIL: 'investor@garlicbrothers.example',
  INVESTOR_KEY: 'garlic-investor-dev',
} as const;

/** The static host's gate: the build hashes these into the login pages' script. */
export const GATE_DEV_DEFAULTS = {
  GATE_ADMIN_USERNAME: 'admin',
  GATE_ADMIN_PASSWORD: 'garlic-gate-admin-dev',
  GATE_INVESTOR_EMAIL: 'investor@garlicbrothers.example',
  GATE_INVESTOR_KEY: 'garlic-gate-investor-dev',
} as const;

export type CredentialName = keyof typeof DEV_DEFAULTS;
export type GateCredentialName = keyof typeof GATE_DEV_DEFAULTS;

/**
 * Each credential from the environment, or its development default where the variable is unset
 * or empty (an empty variable is a mistake in a deploy script, never an intended empty
 * password), and the names that fell back, for the warning.
 */
export function readCredentials<Name extends string>(
  env: Partial<Record<string, string | undefined>>,
  defaults: Readonly<Record<Name, string>>,
): { values: Record<Name, string>; defaultsUsed: Name[] } {
  const defaultsUsed: Name[] = [];
  const values = {} as Record<Name, string>;
  for (const name of Object.keys(defaults) as Name[]) {
    const given = env[name];
    if (given !== undefined && given !== '') values[name] = given;
    else {
      values[name] = defaults[name];
      defaultsUsed.push(name);
    }
  }
  return { values, defaultsUsed };
}
