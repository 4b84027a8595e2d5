import { useId, useState, type FormEvent } from 'react';
import { newsletterApiRoutes, newsletterPaths } from '../../shared/newsletter-paths.ts';
import type { FormAnswer } from '../../shared/form-answer.ts';
import { buttonClassName } from './button.tsx';
import { PrivacyShortNotice } from './privacy-short-notice.tsx';
import './newsletter-form.css';

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

  const field = (name: 'email' | 'fullName', label: string, type: string, autoComplete: string) => {
    const inputId = `${id}-${name}`;
    const error = fields[name];
    return (
      <div className="newsletter-form__field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required={name === 'email'}
          maxLength={name === 'email' ? 320 : 120}
          defaultValue={answer?.values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        {error ? (
          <p id={`${inputId}-error`} className="newsletter-form__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className={`newsletter-form newsletter-form--${tone}`}
      action={newsletterPaths.subscribe}
      method="post"
      aria-labelledby={labelledBy}
      aria-busy={busy}
      onSubmit={onSubmit}
    >
      {field('email', 'Correo electrónico', 'email', 'email')}
      {field('fullName', 'Nombre (opcional)', 'text', 'name')}
      <div className="newsletter-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Sitio web</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button
        type="submit"
        className={buttonClassName({ variant: 'accent', className: 'newsletter-form__submit' })}
        disabled={busy}
      >
        Suscribirme
      </button>
      <PrivacyShortNotice
        className="newsletter-form__privacy"
        purpose="enviarte el boletín mientras quieras recibirlo; puedes darte de baja en cada correo"
      />
      <p className="newsletter-form__status" role="status">
        {sent?.kind === 'done' ? SUBSCRIPTION_PENDING : (message ?? '')}
      </p>
    </form>
  );
}
