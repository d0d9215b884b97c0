/**
 * The dashboard's Team section, where the site's own server runs and this browser is signed in
 * there: who can sign in to the dashboard (added when, by whom), and for the owner (the account of
 * the server's ADMIN_USERNAME) adding an account, whose generated password is shown here once with
 * a copy button, and removing one behind a confirmation (that account is signed out at once).
 * The owner also sets each colleague's role: sales (works the leads) or admin (also the team, posts,
 * clearing and insight); a new account starts as sales. Other admins see the list only, as the
 * server allows them no more; nobody is offered to remove the owner's account or their own. A sales
 * account is not shown the section (AdminDashboard.tsx). On a static host, or without a server
 * session, the section is not shown: there are no accounts to manage, only the build's one sign-in pair.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/browser/api/portal-api';
import { addTeamAccount, listTeam, removeTeamAccount, setTeamRole, type TeamAccount } from '@/browser/api/team-api';
import { ConfirmAction } from '@/ui/components/ConfirmAction';
import { formatDateTime } from './format';
import { useLeadSource } from './lead-source';
import { errorMessage } from '../../../shared/error-message';

type State = { kind: 'hidden' } | { kind: 'ready'; accounts: TeamAccount[] } | { kind: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : errorMessage(error));

/** The owner's account: the server keeps exactly one account from its settings, ADMIN_USERNAME's. */
const isOwner = (account: TeamAccount) => account.source === 'settings';

function addedText(account: TeamAccount): string {
  const when = formatDateTime(account.createdAt);
  if (account.source === 'settings') return `Added ${when} from the server’s settings (ADMIN_USERNAME); its password is ADMIN_PASSWORD, set at every start`;
  if (account.source === 'command') return `Added ${when} on the server’s command line`;
  return `Added ${when} by ${account.createdBy ?? 'an account since removed'}`;
}

/** The password of the account just added, shown once, with a button that copies it. */
function NewPassword({ name, password, onDone }: { name: string; password: string; onDone: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const value = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState('');

  // The password is what the admin came for: focus moves to it, so it is read out.
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied('Copied to the clipboard.');
    } catch {
      // No clipboard here (a page over plain http, or permission refused): select it for Ctrl+C.
      if (value.current) window.getSelection()?.selectAllChildren(value.current);
      setCopied('The browser did not allow copying: the password is selected, press Ctrl+C (⌘C on a Mac) to copy it.');
    }
  }

  return (
    <div className="team-password" role="region" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        Password for {name}
      </h3>
      <p>Shown only this once: the server keeps only a hash of it. Give it to them over a channel you trust; they can sign in with it at once.</p>
      <p className="team-password-line">
        <code ref={value} className="team-password-value">
          {password}
        </code>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void copy()}>
          Copy password
        </button>
      </p>
      <p role="status" className="admin-status">
        {copied}
      </p>
      <button type="button" className="btn btn-primary btn-small" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

export function TeamSection() {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'hidden' });
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const [removeError, setRemoveError] = useState('');
  const [added, setAdded] = useState<{ name: string; password: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // The state is set once the server has answered, never while the effect below runs.
  const load = useCallback(
    () =>
      listTeam().then(
        (accounts) => setState({ kind: 'ready', accounts }),
        // Signed out on the server: the dashboard's note says so, and there is no team to show.
        (error: unknown) => setState(error instanceof ApiError && error.signedOut ? { kind: 'hidden' } : { kind: 'failed', message: messageOf(error) }),
      ),
    [],
  );

  // Once the dashboard has a server session (lead-source.tsx): without one there is no team to ask for.
  const fromServer = useLeadSource().kind === 'server';
  useEffect(() => {
    if (fromServer) void load();
  }, [fromServer, load]);

  if (!fromServer || state.kind === 'hidden') return null;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '') {
      setProblem('Enter the new colleague’s e-mail address');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem('');
    setStatus('');
    try {
      const result = await addTeamAccount(email);
      setAdded({ name: result.account.name, password: result.password });
      setEmail('');
      await load();
    } catch (error) {
      setProblem(messageOf(error));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  async function changeRole(account: TeamAccount, role: TeamAccount['role']) {
    setRemoveError('');
    setStatus(`Changing the role of ${account.name}…`);
    try {
      await setTeamRole(account.name, role);
      setStatus(
        role === 'admin'
          ? `${account.name} is now an admin: they also manage the team, posts and clearing, from their next click.`
          : `${account.name} is now sales: they work the leads, and no longer manage the team, posts or clearing.`,
      );
    } catch (error) {
      setStatus('');
      setRemoveError(`Could not change the role of ${account.name}: ${messageOf(error)}`);
    }
    await load();
  }

  async function remove(account: TeamAccount) {
    setRemoveError('');
    setStatus(`Removing ${account.name}…`);
    try {
      await removeTeamAccount(account.name);
      setStatus(`Removed ${account.name}; they were signed out at once.`);
    } catch (error) {
      setStatus('');
      setRemoveError(`Could not remove ${account.name}: ${messageOf(error)}`);
    }
    await load();
    // What the confirmation acted on is gone: the focus goes back to the section.
    heading.current?.focus();
  }

  const accounts = state.kind === 'ready' ? state.accounts : [];
  const owner = accounts.find(isOwner);
  const managing = accounts.some((account) => account.you && isOwner(account));
  return (
    <section className="admin-section" id="team" aria-labelledby={`${id}-heading`}>
      <div className="admin-section-head">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
          Team{' '}
          {state.kind === 'ready' && (
            <span className="admin-count" data-count={accounts.length}>
              {accounts.length}
            </span>
          )}
        </h2>
      </div>
      <p className="field-hint">
        Everyone who can sign in to this dashboard, each with their own e-mail address and password. Sales accounts work the leads; admins also manage the team,
        posts, clearing and the site’s insight. Removing an account signs it out at once.
      </p>
      {state.kind === 'ready' && !managing && (
        <p className="field-hint team-owner-only">Only the owner{owner ? `, ${owner.name},` : ''} adds and removes accounts and sets their roles.</p>
      )}
      <p role="status" className="admin-status">
        {status}
      </p>
      {removeError && (
        <p role="alert" className="admin-error">
          {removeError}
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="admin-error">
          Could not load the team from the server: {state.message}.{' '}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      )}
      {accounts.length > 0 && (
        <ul className="team-list">
          {accounts.map((account) => (
            <li key={account.name} className="team-member">
              <div>
                <strong className="team-name">{account.name}</strong>
                {account.you && <span className="team-you"> (you)</span>}
                {isOwner(account) && <span className="team-owner"> (owner)</span>}
                <span className="team-role" data-role={account.role}>
                  {' '}
                  · {account.role === 'admin' ? 'Admin' : 'Sales'}
                </span>
                <span className="team-added">{addedText(account)}</span>
              </div>
              {managing && !isOwner(account) && (
                <label className="team-role-choice">
                  <span className="visually-hidden">Role of {account.name}</span>
                  <select className="select" value={account.role} onChange={(event) => void changeRole(account, event.target.value as TeamAccount['role'])}>
                    <option value="sales">Sales: works the leads</option>
                    <option value="admin">Admin: also team, posts, clearing</option>
                  </select>
                </label>
              )}
              {managing && !account.you && (
                <ConfirmAction
                  label="Remove"
                  triggerName={`Remove ${account.name}`}
                  question={`Remove ${account.name}? They are signed out at once and can no longer sign in.`}
                  confirmLabel="Remove account"
                  onConfirm={() => void remove(account)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {added ? (
        <NewPassword
          name={added.name}
          password={added.password}
          onDone={() => {
            setAdded(null);
            input.current?.focus();
          }}
        />
      ) : null}
      {managing && (
        <form className="team-add" noValidate onSubmit={(event) => void add(event)}>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-email`}>
              New colleague’s e-mail address
            </label>
            <input
              ref={input}
              id={`${id}-email`}
              className="input"
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={problem !== '' || undefined}
              aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
            />
            <p id={`${id}-hint`} className="field-hint">
              They sign in with this address and a password the server makes, shown here once. A new account is sales; make it an admin in its Role.
            </p>
            {problem && (
              <p id={`${id}-problem`} role="alert" className="field-error">
                {problem}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
            {busy ? 'Adding…' : 'Add account'}
          </button>
        </form>
      )}
    </section>
  );
}
