/**
 * The browser's side of the Team routes of the admin API (src/server/api/accounts.ts): who can
 * sign in to the dashboard, adding an account (the server answers its generated password once),
 * removing one, setting a colleague's role. Errors are ApiErrors from portal-api.ts, with the server's own words.
 */
import { jsonBody, request } from './portal-api';

export interface TeamAccount {
  /** The e-mail address (or the username of the server's ADMIN_USERNAME), lower case. */
  name: string;
  createdAt: string;
  /** Who added it in the Team section; null when it came from the server's settings or the command line. */
  createdBy: string | null;
  source: 'settings' | 'command' | 'team';
  /** What it may do; the owner's account is admin always. */
  role: 'sales' | 'admin';
  /** The account this browser is signed in as. */
  you: boolean;
}

export async function listTeam(): Promise<TeamAccount[]> {
  const body = (await (await request('/api/admin/accounts')).json()) as { accounts: TeamAccount[] };
  return body.accounts;
}

export async function addTeamAccount(email: string): Promise<{ account: TeamAccount; password: string }> {
  const response = await request('/api/admin/accounts', { method: 'POST', ...jsonBody({ email }) });
  return (await response.json()) as { account: TeamAccount; password: string };
}

export async function removeTeamAccount(name: string): Promise<void> {
  await request(`/api/admin/accounts/${encodeURIComponent(name)}`, { method: 'DELETE' });
}

/** Sets a colleague's role (the owner only); resolves with the account as the server has it now. */
export async function setTeamRole(name: string, role: 'sales' | 'admin'): Promise<TeamAccount> {
  const response = await request(`/api/admin/accounts/${encodeURIComponent(name)}`, { method: 'PATCH', ...jsonBody({ role }) });
  return ((await response.json()) as { account: TeamAccount }).account;
}
