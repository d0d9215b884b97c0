/**
 * Field components of the lead forms. Each reads its label, hint and options from the form
 * definition and its value and error from the form state, and wires the error to the control
 * (aria-invalid, aria-describedby). Values are always rendered as text, never as HTML.
 */
import { createContext, type ReactNode, use } from 'react';
import { type FieldDef, optionLabel, optionValue } from '@/shared/domain/lead-forms';
import type { LeadFormApi } from './use-lead-form';

export const LeadFormContext = createContext<LeadFormApi | null>(null);

function useLeadFormContext(): LeadFormApi {
  const form = use(LeadFormContext);
  if (!form) throw new Error('Field must be used inside <LeadForm>');
  return form;
}

/** Two short fields side by side on wide screens, stacked on phones. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="lead-row">{children}</div>;
}

interface Wiring {
  id: string;
  def: FieldDef;
  error: string | undefined;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

function wiring(form: LeadFormApi, name: string): Wiring {
  const def = form.def.fields[name];
  if (!def) throw new Error(`The ${form.def.title} form has no field "${name}"`);
  const id = form.fieldId(name);
  const error = form.errors[name];
  const hintId = def.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { id, def, error, hintId, errorId, describedBy };
}

function LabelText({ def }: { def: FieldDef }) {
  const form = useLeadFormContext();
  return (
    <>
      {def.label}
      {def.optional ? <span className="lead-optional"> {form.def.words.optional}</span> : null}
    </>
  );
}

function HintAndError({ hintId, errorId, def, error }: Wiring) {
  return (
    <>
      {def.hint ? (
        <span id={hintId} className="field-hint">
          {def.hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </>
  );
}

const INPUT_TYPES = { text: 'text', email: 'email', tel: 'tel', url: 'url', number: 'text' } as const;

export function Field({ name }: { name: string }) {
  const form = useLeadFormContext();
  const wired = wiring(form, name);
  const { id, def, error, describedBy } = wired;
  if (def.kind === 'checkboxes') return <CheckboxGroup name={name} wired={wired} />;

  const value = form.values[name];
  const text = typeof value === 'string' ? value : '';
  const common = {
    id,
    name,
    value: text,
    required: !def.optional,
    autoComplete: def.autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  let control: ReactNode;
  if (def.kind === 'textarea') {
    control = <textarea {...common} className="textarea" rows={6} onChange={(event) => form.setValue(name, event.target.value)} />;
  } else if (def.kind === 'select') {
    control = (
      <select {...common} className="select" onChange={(event) => form.setValue(name, event.target.value)}>
        <option value="">{def.placeholder ?? form.def.words.chooseOne}</option>
        {def.options?.map((option) => (
          <option key={optionValue(option)} value={optionValue(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        className="input"
        type={INPUT_TYPES[def.kind]}
        // Numbers are typed into a text box: a number input would discard what cannot be parsed.
        inputMode={def.kind === 'number' ? 'decimal' : undefined}
        spellCheck={def.kind === 'email' || def.kind === 'url' || def.kind === 'tel' ? false : undefined}
        // An e-mail address, a URL or a phone number is typed left to right in a page of either direction.
        dir={def.kind === 'email' || def.kind === 'url' || def.kind === 'tel' ? 'ltr' : undefined}
        onChange={(event) => form.setValue(name, event.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        <LabelText def={def} />
      </label>
      <HintAndError {...wired} />
      {control}
    </div>
  );
}

function CheckboxGroup({ name, wired }: { name: string; wired: Wiring }) {
  const form = useLeadFormContext();
  const { id, def, error, describedBy } = wired;
  const value = form.values[name];
  const checked = Array.isArray(value) ? value : [];
  const toggle = (option: string, on: boolean) => {
    const next = on ? [...checked, option] : checked.filter((item) => item !== option);
    // Keep the options' order, whatever the order of clicks.
    form.setValue(
      name,
      (def.options ?? []).map(optionValue).filter((item) => next.includes(item)),
    );
  };
  return (
    <fieldset className="field lead-choices" aria-describedby={describedBy}>
      <legend className="field-label">
        <LabelText def={def} />
      </legend>
      <HintAndError {...wired} />
      <div className="lead-checkboxes">
        {def.options?.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${index}`;
          return (
            <label key={optionValue(option)} className="lead-check" htmlFor={optionId}>
              <input
                id={optionId}
                type="checkbox"
                name={name}
                value={optionValue(option)}
                checked={checked.includes(optionValue(option))}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(optionValue(option), event.target.checked)}
              />
              <span>{optionLabel(option)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Bots fill every input they find; people never see or reach this one. */
export function Honeypot({ name }: { name: string }) {
  const form = useLeadFormContext();
  const id = form.fieldId(name);
  const value = form.values[name];
  return (
    <div className="lead-honeypot" aria-hidden="true">
      <label htmlFor={id}>{form.def.words.honeypot}</label>
      <input
        id={id}
        name={name}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => form.setValue(name, event.target.value)}
      />
    </div>
  );
}
