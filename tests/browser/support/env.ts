/** Values the browser tests build the site with. */

/** SITE_URL of every test build: an address that is not the one in content/site.yaml, so a page that ignored it would show. */
export const TEST_SITE_URL = 'https://staging.garlic-brothers.test';

export const TEST_CREDENTIALS = {
  ADMIN_USERNAME: 'test-admin',
  ADMIN_PASSWORD: 'Test-Admin-Secret-4821',
  INVESTOR_EMAIL: 'investor.test@garlicbrothers.example',
  INVESTOR_KEY: 'Test-Investor-Key-9377',
};
