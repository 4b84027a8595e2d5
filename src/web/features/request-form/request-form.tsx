import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { pagePaths } from '../../../shared/api-paths.ts';
import type { MembershipType } from '../../../shared/constants.ts';
import { ContactFormSchema, MembershipFormSchema, type ContactRequest } from '../../../shared/schemas.ts';
import { ApiRequestError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { SpinnerOverlay } from '../../components/spinner.tsx';
import {
  EMPTY_REQUEST,
  REQUEST_FIELDS,
  isRequestField,
  type RequestFormValues,
} from './request-form-fields.ts';
import { SendOutcomeDialog, type SendOutcome } from './send-outcome-dialog.tsx';
import { sendContactRequest } from './send-contact-request.ts';
import styles from './request-form.module.css';

// The site's Content-Security-Policy forbids eval; zod must not try its compiled fast path in the browser.
z.config({ jitless: true });

// Both schemas are the server's own; the form only chooses which one applies.
const contactResolver = zodResolver(ContactFormSchema) as unknown as Resolver<RequestFormValues>;
const membershipResolver = zodResolver(MembershipFormSchema) as unknown as Resolver<RequestFormValues>;

export interface RequestFormProps {
  /** Present on the membership page: the chosen tab's type, sent as `memberships`. */
  membership?: MembershipType;
  submitLabel: string;
  /** Accessible name of the form, usually the id of a visible heading. */
  labelledBy?: string;
  id?: string;
  className?: string;
}

/**
 * The request form shared by the home page's contact section and the membership page. Validation runs
 * through the shared zod schemas; errors appear under a field once it has been visited, and all at once
 * after an attempt to send.
 */
export function RequestForm({ membership, submitLabel, labelledBy, id, className }: RequestFormProps) {
  const baseId = useId();
  const [outcome, setOutcome] = useState<{ open: boolean; kind: SendOutcome }>({
    open: false,
    kind: 'success',
  });

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RequestFormValues>({
    mode: 'onTouched',
    // No default values: when an input registers it keeps what is already in it, so text typed into
    // the server-rendered form before the browser takes it over is not wiped.
    // A form is either the contact form or the membership form for its whole life.
    resolver: membership ? membershipResolver : contactResolver,
  });

  const send = async (values: RequestFormValues) => {
    try {
      // The resolver hands over the schema's output: trimmed values of a valid request.
      await sendContactRequest(values as ContactRequest);
      reset(EMPTY_REQUEST);
      setOutcome({ open: true, kind: 'success' });
    } catch (error) {
      console.error('No se pudo enviar la solicitud', error);
      if (error instanceof ApiRequestError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (isRequestField(field)) setError(field, { type: 'server', message });
        }
      }
      setOutcome({ open: true, kind: 'error' });
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The chosen membership type is part of the request before it is validated.
    if (membership) setValue('memberships', membership);
    return handleSubmit(send)(event);
  };

  return (
    <div className={className}>
      <SpinnerOverlay busy={isSubmitting} className={styles.host}>
        <form
          id={id}
          className={styles.form}
          noValidate
          // Before the script runs, a native submit must not put personal data in the address bar.
          method="post"
          aria-labelledby={labelledBy}
          aria-busy={isSubmitting}
          onSubmit={onSubmit}
        >
          <div className={styles.grid}>
            {REQUEST_FIELDS.map((field) => {
              const inputId = `${baseId}-${field.name}`;
              const errorId = `${inputId}-error`;
              const hintId = 'hint' in field ? `${inputId}-hint` : undefined;
              const message = errors[field.name]?.message;
              const describedBy =
                [hintId, message ? errorId : undefined].filter(Boolean).join(' ') || undefined;
              return (
                <div key={field.name} className={styles.field}>
                  <label className={styles.label} htmlFor={inputId}>
                    {field.label}
                  </label>
                  {'hint' in field ? (
                    <span id={hintId} className={styles.hint}>
                      {field.hint}
                    </span>
                  ) : null}
                  <input
                    id={inputId}
                    className={styles.input}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    inputMode={'inputMode' in field ? field.inputMode : undefined}
                    aria-required="true"
                    aria-invalid={message ? true : undefined}
                    aria-describedby={describedBy}
                    {...register(field.name)}
                  />
                  {message ? (
                    <p id={errorId} className={styles.error}>
                      {message}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          {/* Honeypot: people never see or reach it; automated senders tend to fill it in. */}
          <div className={styles.honeypot} aria-hidden="true">
            <label htmlFor={`${baseId}-website`}>Sitio web</label>
            <input
              id={`${baseId}-website`}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              {...register('website')}
            />
          </div>
          <Button
            type="submit"
            size="lg"
            className={styles.submit}
            disabled={isSubmitting}
            iconEnd={<Send />}
          >
            {submitLabel}
          </Button>
          <p className={styles.privacy}>
            Al enviar aceptas que tratemos tus datos como explica nuestro{' '}
            {/* A new tab, so what the visitor has typed stays in the form. */}
            <a href={pagePaths.avisoPrivacidad} target="_blank" rel="noopener">
              aviso de privacidad
            </a>
            .
          </p>
        </form>
      </SpinnerOverlay>
      <SendOutcomeDialog
        open={outcome.open}
        kind={outcome.kind}
        onClose={() => setOutcome((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
