/**
 * The build's virtual:credentials for unit tests: the real plugin's hashing of known values (the
 * admin 'ops-admin' / 'correct horse battery', the investor key 'Key-Exact-123'), with the
 * investor's e-mail address as the test writes it. Used as
 * `vi.mock('virtual:credentials', async () => (await import('…/test-credentials')).testCredentials(email))`.
 */
import { buildCredentials } from '../../src/build/credentials/credentials-plugin';

export function testCredentials(investorEmail: string) {
  const { credentials } = buildCredentials({
    GATE_ADMIN_USERNAME: 'ops-admin',
    GATE_ADMIN_PASSWORD: 'correct horse battery',
    GATE_INVESTOR_EMAIL: investorEmail,
    GATE_INVESTOR_KEY: 'Key-Exact-123',
  });
  return { ...credentials, default: credentials };
}
