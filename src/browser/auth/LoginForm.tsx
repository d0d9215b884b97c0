/**
 * The sign-in form both portals use: two labelled fields, a 'Sign in' button that is disabled
 * while the credentials are checked, and failures announced in an alert that takes the focus.
 * Until React has hydrated the button stays disabled, so a form submitted before the script
 * runs cannot send the password anywhere (a static host has nothing to receive it). A browser
 * already signed in to the portal is offered its dashboard above the form; a successful sign-in
 * goes on to the page the visitor was sent from, as far as the portal's return path allows.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Portal } from '@/shared/domain/lockout';
import { useHydrated } from '@/ui/components/use-hydrated';
import { nextParam } from './next-path';
import { useAuthState } from './portal-session';
import { signIn } from './portal-sign-in';
import { failureMessage } from './verify';

export interface LoginField {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  /** Shown when the field is left empty. */
  missing: string;
}

interface Props {
  portal: Portal;
  fields: readonly [LoginField, LoginField];
  /** Where a signed-in visitor goes, given the page's `next` parameter. */
  returnPath: (next: string | null) => string;
  /** The portal's dashboard, offered when this browser is already signed in. */
  dashboard: { href: string; label: string };
}

type Problem = { kind: 'missing'; fields: number[] } | { kind: 'failed'; message: string };

export function LoginForm({ portal, fields, returnPath, dashboard }: Props) {
  const id = useId();
  const signedIn = useAuthState(portal) === 'signed-in';
  const hydrated = useHydrated();
  const [values, setValues] = useState(['', '']);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  // A new key per failure re-inserts the alert, so a repeated identical message is announced again.
  const [attempts, setAttempts] = useState(0);
  const firstInput = useRef<HTMLInputElement>(null);
  const secondInput = useRef<HTMLInputElement>(null);
  const inputs = [firstInput, secondInput];
  const alertRef = useRef<HTMLDivElement>(null);

  // Once hydrated, adopt what the fields already hold: a password manager fills them as soon as the
  // page is parsed, and a visitor may type, before the form's script has loaded (on a slow network,
  // seconds later); hydration would otherwise empty them to the initial state.
  useEffect(() => {
    const held = [firstInput.current?.value ?? '', secondInput.current?.value ?? ''];
    if (held.some((value) => value !== '')) setValues(held);
  }, []);

  // Focus goes to the alert after a failed check, so it is read out and the form can be retried.
  useEffect(() => {
    if (problem?.kind === 'failed') alertRef.current?.focus();
  }, [problem]);

  const fieldId = (index: number) => `${id}-field-${index}`;
  const errorId = (index: number) => `${id}-error-${index}`;
  const alertId = `${id}-alert`;
  const missing = problem?.kind === 'missing' ? problem.fields : [];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    setAttempts((n) => n + 1);
    const empty = values.flatMap((value, index) => (value.trim() === '' ? [index] : []));
    if (empty.length > 0) {
      setProblem({ kind: 'missing', fields: empty });
      inputs[empty[0]].current?.focus();
      return;
    }
    setProblem(null);
    setChecking(true);
    let message: string;
    try {
      const result = await signIn(portal, values[0], values[1]);
      if (result.ok) {
        // The button stays disabled while the page changes.
        window.location.replace(returnPath(nextParam()));
        return;
      }
      message = failureMessage(portal, result);
    } catch (error) {
      // Web Crypto is missing only in very old browsers or on pages served over plain HTTP.
      console.error('[login] the check could not run:', error);
      message = 'Sign-in could not be checked in this browser. Please use an up-to-date browser over HTTPS.';
    }
    setChecking(false);
    setProblem({ kind: 'failed', message });
  }

  return (
    <div className="login-card card">
      {signedIn && (
        <p className="login-notice">
          This browser is already signed in. <a href={dashboard.href}>{dashboard.label}</a>
        </p>
      )}
      <form method="post" noValidate onSubmit={(event) => void submit(event)} aria-describedby={problem ? alertId : undefined}>
        {problem && (
          <div key={attempts} id={alertId} ref={alertRef} role="alert" tabIndex={-1} className="login-alert">
            {problem.kind === 'failed' ? (
              <p>{problem.message}</p>
            ) : (
              <>
                <p>Please fill in:</p>
                <ul>
                  {problem.fields.map((index) => (
                    <li key={index}>
                      <a
                        href={`#${fieldId(index)}`}
                        onClick={(event) => {
                          event.preventDefault();
                          inputs[index].current?.focus();
                        }}
                      >
                        {fields[index].missing}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {fields.map((field, index) => {
          const isMissing = missing.includes(index);
          return (
            <div className="field" key={field.label}>
              <label className="field-label" htmlFor={fieldId(index)}>
                {field.label}
              </label>
              <input
                ref={inputs[index]}
                id={fieldId(index)}
                name={field.name}
                className="input"
                type={field.type}
                autoComplete={field.autoComplete}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                required
                value={values[index]}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((current) => current.map((held, at) => (at === index ? value : held)));
                }}
                aria-invalid={isMissing || undefined}
                aria-describedby={isMissing ? errorId(index) : undefined}
              />
              {isMissing && (
                <p className="field-error" id={errorId(index)}>
                  {field.missing}
                </p>
              )}
            </div>
          );
        })}
        <div className="login-actions">
          <button type="submit" className="btn btn-primary" disabled={!hydrated || checking} aria-describedby={`${id}-progress`}>
            Sign in
          </button>
          <span id={`${id}-progress`} role="status" className="login-progress">
            {checking ? 'Checking your details…' : ''}
          </span>
        </div>
      </form>
      <noscript>
        <p className="field-hint">
          Signing in needs JavaScript, which the sign-in form uses to send your details securely. Please enable JavaScript to continue.
        </p>
      </noscript>
    </div>
  );
}
