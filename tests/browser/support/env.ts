/** Values the browser tests build the site with. */
export const TEST_CREDENTIALS = {
  ADMIN_USERNAME: 'test-admin',
  ADMIN_PASSWORD: 'Test-Admin-Secret-4821',
  INVESTOR_EMAIL: 'investor.test@garlicbrothers.example',
  INVESTOR_KEY: 'Test-Investor-Key-9377',
};
