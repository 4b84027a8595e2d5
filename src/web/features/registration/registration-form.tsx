import { useId, useState, type FormEvent } from 'react';
import { registrationPaths } from '../../../shared/registration-paths.ts';
import { registrationMessages } from '../../../shared/registration-messages.ts';
import type { Event } from '../../../shared/schemas.ts';
import type { RegistrationAnswer } from '../../../shared/registrations.ts';
import { ApiRequestError, sendJson } from '../../api/client.ts';
import { Form, FormStatus } from '../../components/form/form.tsx';
import { RegistrationFields } from './registration-fields.tsx';
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

  return (
    <section className={styles.box} aria-labelledby={headingId}>
      <h2 className={styles.heading} id={headingId}>
        Regístrate
      </h2>
      {/* Once signed up, the count read with the page is out of date: it is left out. */}
      {seats && !result?.ok ? <p className={styles.seats}>{seats}</p> : null}
      {result?.ok ? (
        <FormStatus>{result.text}</FormStatus>
      ) : (
        <Form
          action={registrationPaths.send(event.id)}
          compact
          busy={sending}
          onSubmit={(formEvent) => void submit(formEvent)}
        >
          <RegistrationFields formId={baseId} fields={fields} sending={sending} sendingLabel="Enviando…">
            {result && !result.ok ? (
              <FormStatus role="alert" tone="error">
                {result.text}
              </FormStatus>
            ) : null}
          </RegistrationFields>
        </Form>
      )}
    </section>
  );
}
