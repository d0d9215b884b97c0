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
