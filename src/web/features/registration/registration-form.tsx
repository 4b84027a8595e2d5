import { UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { registrationPaths } from '../../../shared/registration-paths.ts';
import { registrationMessages } from '../../../shared/registration-messages.ts';
import type { Event } from '../../../shared/schemas.ts';
import type { RegistrationAnswer } from '../../../shared/registrations.ts';
import { ApiRequestError, sendJson } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { PrivacyShortNotice } from '../../components/privacy-short-notice.tsx';
import styles from './registration-form.module.css';

/** Whether people can sign up for this event now: registration on and the start still to come. */
export function registrationOpen(event: Event, now = Date.now()): boolean {
  return Boolean(event.registration?.enabled) && Date.parse(event.eventDate) > now;
}

/** "Quedan N lugares", the waitlist notice when full, nothing when seats are unlimited. */
export function seatsText(event: Event): string | undefined {
  const registration = event.registration;
  if (!registration || registration.capacity === null) return undefined;
  const left = registration.capacity - registration.confirmed;
  return left > 0 ? registrationMessages.seatsLeft(left) : registrationMessages.full;
}

type Fields = Partial<Record<'fullName' | 'email', string>>;

/**
 * The sign-up form of an event's page and dialog. Without script it is a plain HTML form posted to the
 * server (which answers with a page); with script it sends to the API and answers in place.
 */
export function RegistrationForm({ event }: { event: Event }) {
  const baseId = useId();
  const [fields, setFields] = useState<Fields>({});
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  if (!registrationOpen(event)) return null;
  const seats = seatsText(event);
  const headingId = `${baseId}-titulo`;

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    const data = Object.fromEntries(new FormData(formEvent.currentTarget)) as Record<string, string>;
    // The server checks the fields with the shared schema and answers each one's message (400): the
    // form carries no validation code of its own, and no copy of the rules.
    setFields({});
    setSending(true);
    try {
      const answer = await sendJson<{ data: RegistrationAnswer }>('POST', registrationPaths.api(event.id), {
        data: {
          fullName: data.fullName ?? '',
          email: data.email ?? '',
          ...(data.newsletter === 'on' ? { newsletter: true } : {}),
          ...(data.website ? { website: data.website } : {}),
        },
      });
      setResult({
        ok: true,
        text:
          answer.data.status === 'confirmed'
            ? registrationMessages.confirmed
            : registrationMessages.waitlisted(answer.data.position ?? 1),
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400) setFields(error.fields);
      setResult({
        ok: false,
        text:
          error instanceof ApiRequestError
            ? error.message
            : 'No pudimos enviar tu registro. Inténtalo de nuevo.',
      });
    } finally {
      setSending(false);
    }
  }

  const input = (name: 'fullName' | 'email', label: string, type: string, autoComplete: string) => {
    const id = `${baseId}-${name}`;
    const error = fields[name];
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        <input
          className={styles.input}
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p className={styles.error} id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section className={styles.box} aria-labelledby={headingId}>
      <h2 className={styles.heading} id={headingId}>
        Regístrate
      </h2>
      {/* Once signed up, the count read with the page is out of date: it is left out. */}
      {seats && !result?.ok ? <p className={styles.seats}>{seats}</p> : null}
      {result?.ok ? (
        <p className={styles.done} role="status">
          {result.text}
        </p>
      ) : (
        <form
          className={styles.form}
          method="post"
          action={registrationPaths.send(event.id)}
          noValidate
          onSubmit={(formEvent) => void submit(formEvent)}
        >
          <div className={styles.grid}>
            {input('fullName', 'Nombre completo', 'text', 'name')}
            {input('email', 'Correo electrónico', 'email', 'email')}
          </div>
          {/* Unticked: the newsletter is a voluntary purpose, asked for apart (a confirmation mail follows). */}
          <div className={styles.optIn}>
            <input id={`${baseId}-newsletter`} name="newsletter" type="checkbox" />
            <label htmlFor={`${baseId}-newsletter`}>{registrationMessages.newsletterOptIn}</label>
          </div>
          <div className={styles.honeypot} aria-hidden="true">
            <label htmlFor={`${baseId}-website`}>No llenes este campo</label>
            <input id={`${baseId}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {result && !result.ok ? (
            <p className={styles.error} role="alert">
              {result.text}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" icon={<UserPlus />} disabled={sending}>
              {sending ? 'Enviando…' : 'Registrarme'}
            </Button>
            <PrivacyShortNotice purpose="registrarte en este evento y enviarte la confirmación, los avisos de tu lugar y un recordatorio" />
          </div>
        </form>
      )}
    </section>
  );
}
