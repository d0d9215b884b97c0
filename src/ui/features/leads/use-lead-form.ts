/**
 * State of one lead form: the typed values (kept on every failure), the error messages, and the
 * phase of sending. Focus is moved after each outcome so keyboard and screen-reader users land on
 * the error summary, the failure alert or the confirmation. Nothing here reads storage or window
 * during render, so the server and the first client render are identical.
 */
import { type FormEvent, type RefObject, useCallback, useEffect, useId, useState } from 'react';
import { track } from '@/browser/analytics/tag';
import { type FormDef, type FormErrors, type FormValues, initialValues, validateField, validateForm } from '@/shared/domain/lead-forms';
import { sameOriginServer } from '@/browser/api/same-origin-server';
import { type Delivery, HONEYPOT_FIELD, isDelivered, leadEndpoint, retryDelivery, sendLead } from './submit';

type Phase =
  | { name: 'editing' }
  | { name: 'sending' }
  | { name: 'failed'; delivery: Delivery; retrying: boolean }
  | { name: 'done'; reference: string; keptHere: boolean };

/** Element ids (through fieldId) of what receives focus after an outcome. */
type FocusTarget = 'summary' | 'alert' | 'done' | 'first-field';

export interface LeadFormApi {
  def: FormDef;
  values: FormValues;
  errors: FormErrors;
  phase: Phase;
  fieldId: (name: string) => string;
  setValue: (name: string, value: string | string[]) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  retry: () => void;
  reset: () => void;
}

/**
 * What the form's fields hold in the page right now: a visitor may type before the form's script
 * has loaded (the island hydrates on first interaction), and a browser restores fields on Back.
 */
function valuesInForm(form: HTMLFormElement, def: FormDef): FormValues {
  const data = new FormData(form);
  const values: FormValues = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const all = data.getAll(name).filter((v): v is string => typeof v === 'string');
    values[name] = field.kind === 'checkboxes' ? all : (all[0] ?? '');
  }
  const trap = data.get(HONEYPOT_FIELD);
  if (typeof trap === 'string' && trap !== '') values[HONEYPOT_FIELD] = trap;
  return values;
}

/** `locale`: the page's language; a form on a page in another language than the default records it (`language`). */
export function useLeadForm(def: FormDef, formRef: RefObject<HTMLFormElement | null>, locale?: string): LeadFormApi {
  const baseId = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(def));
  // Once hydrated, adopt what is already in the fields (typed before hydration, or restored).
  useEffect(() => {
    if (formRef.current) setValues(valuesInForm(formRef.current, def));
    // Asked now, so the answer is there by the time the visitor presses Send.
    if (!leadEndpoint()) void sameOriginServer();
  }, [def, formRef]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  // A counter, so asking for the same target twice in a row still moves focus.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; count: number } | null>(null);

  const fieldId = useCallback((name: string) => `${baseId}-${name}`, [baseId]);
  const requestFocus = (target: FocusTarget) => setFocusRequest((current) => ({ target, count: (current?.count ?? 0) + 1 }));

  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    // The summary, the alert and the confirmation heading carry these ids (see LeadForm.tsx).
    const name = target === 'first-field' ? (Object.keys(def.fields)[0] ?? '') : target;
    document.getElementById(fieldId(name))?.focus();
  }, [focusRequest, def, fieldId]);

  const setValue = useCallback(
    (name: string, value: string | string[]) => {
      setValues((current) => ({ ...current, [name]: value }));
      // Errors are shown after a submit; each one clears (or updates) as its field is corrected.
      setErrors((current) => {
        if (!(name in current)) return current;
        const message = validateField(def, name, value);
        const next = { ...current };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [def],
  );

  const finish = (delivery: Delivery) => {
    if (isDelivered(delivery)) {
      track('generate_lead', { form: def.collection });
      setPhase({ name: 'done', reference: delivery.record.id, keptHere: delivery.saved });
      requestFocus('done');
    } else {
      setPhase({ name: 'failed', delivery, retrying: false });
      requestFocus('alert');
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase.name === 'sending' || (phase.name === 'failed' && phase.retrying)) return;
    // What the fields show is what is sent, even if a value arrived before React saw it.
    const shown = valuesInForm(event.currentTarget, def);
    setValues(shown);
    const sent = locale ? { ...shown, language: locale } : shown;
    if (phase.name === 'failed') {
      // Sending the unchanged form again is a retry: same reference, no second stored copy.
      const check = validateForm(def, sent);
      if (check.ok && JSON.stringify(check.fields) === JSON.stringify(phase.delivery.record.fields)) return retry();
    }
    setPhase({ name: 'sending' });
    void sendLead(def, sent).then((result) => {
      if (result.kind === 'invalid') {
        setErrors(result.errors);
        setPhase({ name: 'editing' });
        requestFocus('summary');
      } else if (result.kind === 'dropped') {
        setPhase({ name: 'done', reference: result.reference, keptHere: true });
        requestFocus('done');
      } else {
        setErrors({});
        finish(result.delivery);
      }
    });
  };

  const retry = () => {
    if (phase.name !== 'failed' || phase.retrying) return;
    setPhase({ ...phase, retrying: true });
    void retryDelivery(phase.delivery, { words: def.words }).then(finish);
  };

  const reset = () => {
    setValues(initialValues(def));
    setErrors({});
    setPhase({ name: 'editing' });
    requestFocus('first-field');
  };

  return { def, values, errors, phase, fieldId, setValue, onSubmit, retry, reset };
}
