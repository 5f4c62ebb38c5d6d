import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Problem, toProblem } from '../api/problem.ts';
import { ProblemAlert } from './feedback.tsx';

export interface Option {
  value: string;
  label: string;
}

/** One input of a form or filter bar: always a labelled control. */
export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'select' | 'checkbox' | 'checkboxes' | 'textarea' | 'datetime' | 'url';
  options?: Option[];
  required?: boolean;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
  defaultValue?: string | boolean | string[];
  min?: number;
  step?: string;
  minLength?: number;
}

export type FormValues = Record<string, string | boolean | string[]>;

export function initialValues(fields: FieldSpec[]): FormValues {
  return Object.fromEntries(fields.map((field) => [field.name, field.defaultValue ?? (field.type === 'checkbox' ? false : field.type === 'checkboxes' ? [] : '')]));
}

export const text = (values: FormValues, name: string): string => {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
};
/** The value, or undefined when left empty (optional inputs are omitted, not sent as ""). */
export const optional = (values: FormValues, name: string): string | undefined => text(values, name) || undefined;
export const integer = (values: FormValues, name: string): number => Number.parseInt(text(values, name), 10);
export const list = (values: FormValues, name: string): string[] => {
  const value = values[name];
  return Array.isArray(value) ? value : [];
};
export const json = (values: FormValues, name: string): unknown => {
  const value = text(values, name);
  return value ? JSON.parse(value) : undefined;
};

export function FieldInput({ field, value, onChange, idPrefix }: { field: FieldSpec; value: string | boolean | string[] | undefined; onChange: (value: string | boolean | string[]) => void; idPrefix: string }) {
  const id = `${idPrefix}-${field.name}`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const common = { id, name: field.name, required: field.required, 'aria-describedby': hintId };
  let control: ReactNode;
  switch (field.type) {
    case 'checkbox':
      return (
        <div className="field field-checkbox">
          <input type="checkbox" {...common} checked={value === true} onChange={(event) => onChange(event.target.checked)} />
          <label htmlFor={id}>{field.label}</label>
          {field.hint && <small id={hintId}>{field.hint}</small>}
        </div>
      );
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="field field-checkboxes" aria-describedby={hintId}>
          <legend>{field.label}</legend>
          {field.hint && <small id={hintId}>{field.hint}</small>}
          <div className="checkbox-grid">
            {(field.options ?? []).map((option) => (
              <label key={option.value}>
                <input type="checkbox" name={field.name} value={option.value} checked={chosen.includes(option.value)} onChange={(event) => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((entry) => entry !== option.value))} />{' '}
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
      );
    }
    case 'select':
      control = (
        <select {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)}>
          {!field.required && <option value="">{field.placeholder ?? 'Any'}</option>}
          {field.required && !value && <option value="">Choose…</option>}
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'textarea':
      control = <textarea {...common} rows={4} placeholder={field.placeholder} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
      break;
    default:
      control = (
        <input
          {...common}
          type={field.type === 'datetime' ? 'datetime-local' : (field.type ?? 'text')}
          placeholder={field.placeholder}
          autoComplete={field.autoComplete}
          min={field.min}
          step={field.step}
          minLength={field.minLength}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
  return (
    <div className="field">
      <span className="label-row">
        <label htmlFor={id}>{field.label}</label>
        {field.required ? (
          <span aria-hidden="true" className="required-mark" title="required">
            *
          </span>
        ) : null}
      </span>
      {control}
      {field.hint && <small id={hintId}>{field.hint}</small>}
    </div>
  );
}

/** A form of FieldSpecs with its submit button and the problem of a failed submit. */
export function SpecForm({ fields, submitLabel, onSubmit, children, busyLabel, buttons }: { fields: FieldSpec[]; submitLabel: string; onSubmit: (values: FormValues) => Promise<void>; children?: ReactNode; busyLabel?: string; buttons?: ReactNode }) {
  const idPrefix = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [problem, setProblem] = useState<Problem | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await onSubmit(values);
    } catch (error) {
      setProblem(toProblem(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="spec-form">
      {fields.map((field) => (
        <FieldInput key={field.name} field={field} idPrefix={idPrefix} value={values[field.name]} onChange={(value) => setValues((previous) => ({ ...previous, [field.name]: value }))} />
      ))}
      {children}
      <ProblemAlert problem={problem} />
      <div className="button-row">
        <button type="submit" disabled={busy}>
          {busy ? (busyLabel ?? 'Working…') : submitLabel}
        </button>
        {buttons}
      </div>
    </form>
  );
}

/**
 * A modal dialog (the native <dialog>: focus kept inside, Escape closes, focus returns to the
 * button that opened it) holding a form, or only a confirmation when there are no fields.
 */
export function ActionDialog({ title, description, fields, submitLabel, onSubmit, onClose }: { title: string; description?: string; fields: FieldSpec[]; submitLabel: string; onSubmit: (values: FormValues) => Promise<void>; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement as HTMLElement | null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog ref={dialog} aria-labelledby={headingId} onCancel={(event) => (event.preventDefault(), onClose())} className="action-dialog">
      <h2 id={headingId}>{title}</h2>
      {description && <p>{description}</p>}
      <SpecForm
        fields={fields}
        submitLabel={submitLabel}
        onSubmit={onSubmit}
        buttons={
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
        }
      />
    </dialog>
  );
}

/** A datetime-local value as an ISO instant, or undefined when empty. */
export function localToIsoOrUndefined(value: string): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}
