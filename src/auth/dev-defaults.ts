/**
 * The development sign-in pairs, published in the README: for local work only. The build plugin
 * and the server both fall back to them (and warn) when a variable is unset or empty. Kept apart
 * from the plugin so the server does not load Vite.
 */
export const DEV_DEFAULTS = {
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'garlic-admin-dev',
  INVESTOR_EMAIL: 'investor@garlicbrothers.example',
  INVESTOR_KEY: 'garlic-investor-dev',
} as const;

export type CredentialName = keyof typeof DEV_DEFAULTS;

/**
 * Each credential from the environment, or its development default where the variable is unset
 * or empty (an empty variable is a mistake in a deploy script, never an intended empty
 * password), and the names that fell back, for the warning.
 */
export function readCredentials(env: Partial<Record<string, string | undefined>>): {
  values: Record<CredentialName, string>;
  defaultsUsed: CredentialName[];
} {
  const defaultsUsed: CredentialName[] = [];
  const values = {} as Record<CredentialName, string>;
  for (const name of Object.keys(DEV_DEFAULTS) as CredentialName[]) {
    const given = env[name];
    if (given !== undefined && given !== '') values[name] = given;
    else {
      values[name] = DEV_DEFAULTS[name];
      defaultsUsed.push(name);
    }
  }
  return { values, defaultsUsed };
}
