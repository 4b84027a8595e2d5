import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { requestPaths } from '../../../shared/api-paths.ts';
import { MEMBERSHIP_TYPES, type MembershipType } from '../../../shared/constants.ts';
import type { FormAnswer } from '../../../shared/form-answer.ts';
import { ContactFormSchema, MembershipFormSchema, type ContactRequest } from '../../../shared/schemas.ts';
import { ApiRequestError } from '../../api/client.ts';
import { CheckboxField, Honeypot, SelectField, TextField } from '../../components/form/field.tsx';
import { FieldGrid, Form, SubmitButton } from '../../components/form/form.tsx';
import { PrivacyShortNotice } from '../../components/form/privacy-short-notice.tsx';
import { formPurposes } from '../../content/privacy.ts';
import type { RequestFieldName } from '../../../shared/schemas.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import {
  EMPTY_REQUEST,
  REQUEST_FIELDS,
  isRequestField,
  type RequestFormValues,
} from './request-form-fields.ts';
import { SendOutcomeDialog, type SendOutcome } from './send-outcome-dialog.tsx';
import { sendContactRequest } from './send-contact-request.ts';

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
      <Form
        id={id}
        // Before the script runs (or without it) the browser posts the form to the server itself,
        // never with the personal data in the address bar.
        action={requestPaths.send}
        aria-labelledby={labelledBy}
        busy={isSubmitting}
        spinner
        onSubmit={onSubmit}
      >
        <FieldGrid>
          {REQUEST_FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`${baseId}-${field.name}`}
              label={field.label}
              hint={'hint' in field ? field.hint : undefined}
              error={messageOf(field.name)}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={'inputMode' in field ? field.inputMode : undefined}
              aria-required="true"
              defaultValue={answer?.values[field.name]}
              {...register(field.name)}
            />
          ))}
          {chooseMembership ? (
            // The membership type as a list, for the form that has no tabs to choose it.
            <SelectField
              id={`${baseId}-memberships`}
              label="Tipo de membresía"
              options={MEMBERSHIP_TYPES}
              error={messageOf('memberships')}
              aria-required="true"
              defaultValue={answer?.values.memberships ?? chooseMembership}
              {...register('memberships')}
            />
          ) : null}
        </FieldGrid>
        {/* Unticked: the newsletter is a voluntary purpose, asked for apart (a confirmation mail follows). */}
        <CheckboxField
          id={`${baseId}-newsletter`}
          label="Quiero recibir el boletín (te enviaremos un correo para confirmarlo)"
          defaultChecked={answer?.values.newsletter === 'on'}
          {...register('newsletter')}
        />
        <Honeypot id={`${baseId}-website`} {...register('website')} />
        <SubmitButton size="lg" sending={isSubmitting} iconEnd={<Send />}>
          {submitLabel}
        </SubmitButton>
        <PrivacyShortNotice
          purpose={membership || chooseMembership ? formPurposes.membresia : formPurposes.contacto}
        />
      </Form>
      <SendOutcomeDialog
        open={outcome.open}
        kind={outcome.kind}
        onClose={() => setOutcome((current) => ({ ...current, open: false }))}
      />
    </div>
  );
}
