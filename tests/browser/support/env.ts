/** Values the browser tests build the site with. */

/** SITE_URL of every test build: an address that is not the one in content/site.yaml, so a page that ignored it would show. */
export const TEST_SITE_URL = 'https://staging.garlic-brothers.test';

/** The server's secrets (ADMIN_*, INVESTOR_*): the server-mode tests sign in with these; no build may carry a hash of them. */
export const TEST_CREDENTIALS = {
  ADMIN_USERNAME: 'test-admin',
  ADMIN_PASSWORD: 'Test-Admin-Secret-4821',
  INVESTOR_EMAIL: 'investor.test@garlicbrothers.example',
  INVESTOR_KEY: 'Test-Investor-Key-9377',
};

/** The static host's gate (GATE_*) the static test build carries, apart from the server's secrets. */
export const TEST_GATE_CREDENTIALS = {
  GATE_ADMIN_USERNAME: 'test-gate-admin',
  GATE_ADMIN_PASSWORD: 'Test-Gate-Secret-5930',
  GATE_INVESTOR_EMAIL: 'ir.gate.test@garlicbrothers.example',
  GATE_INVESTOR_KEY: 'Test-Gate-Key-6148',
};

/** The gate's pairs, for the tests that sign in on the static build. */
export const GATE = {
  ADMIN_USERNAME: TEST_GATE_CREDENTIALS.GATE_ADMIN_USERNAME,
  ADMIN_PASSWORD: TEST_GATE_CREDENTIALS.GATE_ADMIN_PASSWORD,
  INVESTOR_EMAIL: TEST_GATE_CREDENTIALS.GATE_INVESTOR_EMAIL,
  INVESTOR_KEY: TEST_GATE_CREDENTIALS.GATE_INVESTOR_KEY,
};
