import type { ComponentPropsWithRef, ReactNode } from 'react';
import './form.css';

interface FieldProps {
  /** The control's id; its hint and its message are `<id>-hint` and `<id>-error`. */
  id: string;
  label: ReactNode;
  /** A line between the label and the control (the phone's format), read with the control. */
  hint?: ReactNode;
  /** The field's message, under the control; while there is one the control is marked invalid. */
  error?: string | undefined;
}

/** The two fields every public form asks for, named and labelled alike in each. */
export const PERSON_FIELDS = {
  fullName: { name: 'fullName', label: 'Nombre completo', type: 'text', autoComplete: 'name' },
  email: { name: 'email', label: 'Correo electrónico', type: 'email', autoComplete: 'email' },
} as const;

/**
 * What each field takes from its form: its id (`<the form's id>-<name>`), its name, its message and,
 * on the page that answers a form posted without script, what the visitor had typed.
 */
export function fieldBinding(
  formId: string,
  messages: Partial<Record<string, string>>,
  values: Partial<Record<string, string>> = {},
) {
  return (name: string) => ({
    id: `${formId}-${name}`,
    name,
    error: messages[name],
    defaultValue: values[name],
  });
}

/** What ties a control to its hint and its message for assistive technology. */
function described(id: string, hint: ReactNode, error: string | undefined) {
  const parts = [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': parts.length > 0 ? parts.join(' ') : undefined,
  } as const;
}

function Field({ id, label, hint, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="form-field__hint">
          {hint}
        </span>
      ) : null}
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A field's message (or a group's), found by the id its control names in aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="form-field__error">
      {message}
    </p>
  ) : null;
}

export type TextFieldProps = FieldProps &
  Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & { type: 'text' | 'email' | 'tel' };

/** A one-line text, e-mail or phone field. Other attributes (name, register(), …) go to the input. */
export function TextField({ id, label, hint, error, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} className="form-control" {...described(id, hint, error)} {...input} />
    </Field>
  );
}

export type TextareaFieldProps = FieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

export function TextareaField({ id, label, hint, error, ...textarea }: TextareaFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        className="form-control form-control--textarea"
        {...described(id, hint, error)}
        {...textarea}
      />
    </Field>
  );
}

export type SelectFieldProps = FieldProps &
  Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & { options: readonly string[] };

/** A list to choose one of `options`, each shown as its own value. */
export function SelectField({ id, label, hint, error, options, ...select }: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} className="form-control" {...described(id, hint, error)} {...select}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}

export interface ChoiceFieldProps {
  /** Prefix of the ids: each option is `<id>-<value>`, the message `<id>-error`. */
  id: string;
  legend: ReactNode;
  name: string;
  options: readonly { value: string; label: ReactNode; hint: ReactNode }[];
  defaultValue?: string | undefined;
  error?: string | undefined;
}

/** One choice among a few, each a row with its name and what it means (radio buttons in a fieldset). */
export function ChoiceField({ id, legend, name, options, defaultValue, error }: ChoiceFieldProps) {
  return (
    <fieldset className="form-choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-field__label">{legend}</legend>
      {options.map((option) => {
        const optionId = `${id}-${option.value}`;
        return (
          <div key={option.value} className="form-choice">
            <input
              id={optionId}
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={defaultValue === option.value}
              aria-describedby={`${optionId}-hint`}
            />
            <label htmlFor={optionId}>
              <span className="form-choice__label">{option.label}</span>
              <span id={`${optionId}-hint`} className="form-field__hint">
                {option.hint}
              </span>
            </label>
          </div>
        );
      })}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

export type CheckboxFieldProps = { id: string; label: ReactNode } & Omit<
  ComponentPropsWithRef<'input'>,
  'id' | 'type'
>;

/** A box to tick, its text beside it; for a voluntary purpose it starts unticked. */
export function CheckboxField({ id, label, ...input }: CheckboxFieldProps) {
  return (
    <div className="form-check">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export type HoneypotProps = { id: string; label?: string } & Omit<
  ComponentPropsWithRef<'input'>,
  'id' | 'type'
>;

/**
 * A field people never see or reach; automated senders tend to fill it in, and the server quietly
 * drops what they send. Its name is `website` (the forms' schemas know it as the trap).
 */
export function Honeypot({ id, label = 'Sitio web', ...input }: HoneypotProps) {
  return (
    <div className="sr-only" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  );
}
