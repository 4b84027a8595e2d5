import { CircleAlert } from 'lucide-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Button, type ButtonProps } from '../button.tsx';
import { SpinnerOverlay } from '../spinner.tsx';
import './form.css';

export type FormProps = Omit<ComponentPropsWithRef<'form'>, 'method' | 'action'> & {
  /** Where the browser posts the form itself when no script runs; the server answers with a page. */
  action: string;
  /** Sent and not answered yet. */
  busy?: boolean;
  /** While busy, a spinner covers the form and nothing in it can be used or sent twice. */
  spinner?: boolean;
  /** `dark` on a dark ground (the footer): the texts take its light colour. */
  tone?: 'light' | 'dark';
  /** Closer rows, for a form inside a smaller box (the footer, an event's sign-up). */
  compact?: boolean;
};

/**
 * A public form: it always posts to `action`, so it works without script; with script its `onSubmit`
 * sends it in place and shows the answer. Its fields show the server's messages (the shared schemas'),
 * so the browser's own checks are off unless a form asks for them (`noValidate={false}`).
 */
export function Form({
  noValidate = true,
  busy = false,
  spinner = false,
  tone = 'light',
  compact = false,
  className,
  children,
  ...form
}: FormProps) {
  const classes = ['form', compact ? 'form--compact' : '', tone === 'dark' ? 'form--dark' : '', className];
  const element = (
    <form
      className={classes.filter(Boolean).join(' ')}
      method="post"
      noValidate={noValidate}
      aria-busy={busy}
      {...form}
    >
      {children}
    </form>
  );
  return spinner ? (
    <SpinnerOverlay busy={busy} className="form-host">
      {element}
    </SpinnerOverlay>
  ) : (
    element
  );
}

/** Fields side by side as far as the width allows, one under another on a phone. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="form__grid">{children}</div>;
}

export type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  sending: boolean;
  /** The label while sending, where the form says so on its button. */
  sendingLabel?: ReactNode;
};

/** The form's button: it cannot be pressed again while the form is being sent. */
export function SubmitButton({ sending, sendingLabel, className, children, ...button }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      className={className ? `form-submit ${className}` : 'form-submit'}
      disabled={sending}
      {...button}
    >
      {sending && sendingLabel ? sendingLabel : children}
    </Button>
  );
}

/**
 * What became of the form, in a region read out when its text changes: `status` for news, `alert`
 * for a refusal. It takes no room while it is empty, so it can be in place before there is news.
 */
export function FormStatus({
  role = 'status',
  tone,
  children,
}: {
  role?: 'status' | 'alert';
  tone?: 'error';
  children?: ReactNode;
}) {
  return (
    <p className={tone === 'error' ? 'form-status form-status--error' : 'form-status'} role={role}>
      {children}
    </p>
  );
}

/** A refusal at the top of a form, with its title: what to correct is marked on the fields below. */
export function FormAlert({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      <CircleAlert aria-hidden="true" size={24} />
      <div>
        <p className="form-alert__title">{title}</p>
        <p>{children}</p>
      </div>
    </div>
  );
}
