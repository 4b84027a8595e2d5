import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { requestPaths } from '../../../shared/api-paths.ts';
import { MEMBERSHIP_TYPES, type MembershipType } from '../../../shared/constants.ts';
import type { FormAnswer } from '../../../shared/form-answer.ts';
import { ContactFormSchema, MembershipFormSchema, type ContactRequest } from '../../../shared/schemas.ts';
import { ApiRequestError } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { PrivacyShortNotice } from '../../components/privacy-short-notice.tsx';
import { formPurposes } from '../../content/privacy.ts';
import type { RequestFieldName } from '../../../shared/schemas.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
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

// Both schemas are the server's own; the form only chooses which one applies.
const contactResolver = zodResolver(ContactFormSchema) as unknown as Resolver<RequestFormValues>;
const membershipResolver = zodResolver(MembershipFormSchema) as unknown as Resolver<RequestFormValues>;

export interface RequestFormProps {
  /** Present on the membership page: the chosen tab's type, sent as `memberships`. */
  membership?: MembershipType;
  /** Where no tabs choose the type (the form without script): a list to choose it, set to this one. */
  chooseMembership?: MembershipType;
  /** The server's answer to this form posted without script: the values typed and their messages. */
  answer?: FormAnswer;
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
export function RequestForm({
  membership,
  chooseMembership,
  answer,
  submitLabel,
  labelledBy,
  id,
  className,
}: RequestFormProps) {
  const baseId = useId();
  // The server's messages show from the first paint (the page may never run script); once the form
  // runs, they become its own errors and clear as the visitor corrects each field.
  const running = useHydrated();
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
    resolver: membership || chooseMembership ? membershipResolver : contactResolver,
  });
  useEffect(() => {
    for (const [field, message] of Object.entries(answer?.fields ?? {})) {
      if (message && (isRequestField(field) || field === 'memberships')) {
        setError(field, { type: 'server', message });
      }
    }
  }, [answer, setError]);
  const messageOf = (field: RequestFieldName | 'memberships') =>
    errors[field]?.message ?? (running ? undefined : answer?.fields[field]);

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
          // Before the script runs (or without it) the browser posts the form to the server itself,
          // never with the personal data in the address bar.
          action={requestPaths.send}
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
              const message = messageOf(field.name);
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
                    defaultValue={answer?.values[field.name]}
                    {...register(field.name)}
                  />
                  <FieldMessage id={errorId} message={message} />
                </div>
              );
            })}
            {chooseMembership ? (
              <MembershipChoice
                inputId={`${baseId}-memberships`}
                defaultValue={answer?.values.memberships ?? chooseMembership}
                message={messageOf('memberships')}
                registration={register('memberships')}
              />
            ) : null}
          </div>
          {/* Unticked: the newsletter is a voluntary purpose, asked for apart (a confirmation mail follows). */}
          <div className={styles.optIn}>
            <input
              id={`${baseId}-newsletter`}
              type="checkbox"
              defaultChecked={answer?.values.newsletter === 'on'}
              {...register('newsletter')}
            />
            <label htmlFor={`${baseId}-newsletter`}>
              Quiero recibir el boletín (te enviaremos un correo para confirmarlo)
            </label>
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
          <PrivacyShortNotice
            purpose={membership || chooseMembership ? formPurposes.membresia : formPurposes.contacto}
          />
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

/** The membership type as a list, for the form that has no tabs to choose it. */
function MembershipChoice({
  inputId,
  defaultValue,
  message,
  registration,
}: {
  inputId: string;
  defaultValue: string;
  message: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        Tipo de membresía
      </label>
      <select
        id={inputId}
        className={styles.input}
        aria-required="true"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        defaultValue={defaultValue}
        {...registration}
      >
        {MEMBERSHIP_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <FieldMessage id={errorId} message={message} />
    </div>
  );
}

/** A field's message, under it (its input points to it with aria-describedby). */
function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}
