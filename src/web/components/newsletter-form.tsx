import { useId, useState, type FormEvent } from 'react';
import { newsletterApiRoutes, newsletterPaths } from '../../shared/newsletter-paths.ts';
import type { FormAnswer } from '../../shared/form-answer.ts';
import { Honeypot, PERSON_FIELDS, TextField, fieldBinding } from './form/field.tsx';
import { Form, FormStatus, SubmitButton } from './form/form.tsx';
import { PrivacyShortNotice } from './form/privacy-short-notice.tsx';

/** What a subscriber reads once the form is taken (here, and on /Boletin/Pendiente without script). */
export const SUBSCRIPTION_PENDING =
  'Te enviamos un correo para confirmar tu suscripción. Abre el enlace que contiene para empezar a recibir el boletín.';

type Sent = { kind: 'done' } | { kind: 'error'; message: string; fields: Record<string, string> };

/**
 * The newsletter's subscription form: a plain HTML form posted to /Boletin (it works without script);
 * with script it is sent in place, the code to send it fetched only then, so it costs the first load
 * next to nothing. `tone` fits it to the dark footer or a light page.
 */
export function NewsletterForm({
  answer,
  tone = 'dark',
  labelledBy,
}: {
  answer?: FormAnswer;
  tone?: 'dark' | 'light';
  labelledBy?: string;
}) {
  const id = useId();
  const [sent, setSent] = useState<Sent | undefined>();
  const [busy, setBusy] = useState(false);
  const fields = sent?.kind === 'error' ? sent.fields : (answer?.fields ?? {});
  const message = sent?.kind === 'error' ? sent.message : answer?.message;
  const field = fieldBinding(id, fields, answer?.values);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setBusy(true);
    try {
      const { sendSubscription } = await import('./newsletter-subscribe.ts');
      await sendSubscription(newsletterApiRoutes.subscribe, {
        email: data.email ?? '',
        ...(data.fullName ? { fullName: data.fullName } : {}),
        ...(data.website ? { website: data.website } : {}),
      });
      form.reset();
      setSent({ kind: 'done' });
    } catch (error) {
      const { status, fields: refused = {} } = error as { status?: number; fields?: Record<string, string> };
      setSent({
        kind: 'error',
        message:
          status === 400 ? 'Revisa los campos marcados.' : (error as Error).message || 'No se pudo enviar.',
        fields: refused,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      action={newsletterPaths.subscribe}
      // The browser asks for the address before anything is sent.
      noValidate={false}
      tone={tone}
      compact
      aria-labelledby={labelledBy}
      busy={busy}
      onSubmit={onSubmit}
    >
      <TextField {...PERSON_FIELDS.email} {...field('email')} required maxLength={320} />
      <TextField
        {...PERSON_FIELDS.fullName}
        {...field('fullName')}
        label="Nombre (opcional)"
        maxLength={120}
      />
      <Honeypot id={`${id}-website`} />
      <SubmitButton variant="accent" sending={busy}>
        Suscribirme
      </SubmitButton>
      <PrivacyShortNotice purpose="enviarte el boletín mientras quieras recibirlo; puedes darte de baja en cada correo" />
      <FormStatus tone={sent?.kind === 'done' ? undefined : 'error'}>
        {sent?.kind === 'done' ? SUBSCRIPTION_PENDING : (message ?? '')}
      </FormStatus>
    </Form>
  );
}
