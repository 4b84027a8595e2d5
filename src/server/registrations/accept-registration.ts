import type { FastifyInstance } from 'fastify';
import { HOUR_MS } from '../../shared/clock.ts';
import { registrationMessages } from '../../shared/registration-messages.ts';
import type { RegistrationForm } from '../../shared/registrations.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import {
  RegistrationRefused,
  registerAgain,
  registerNew,
  type NewRegistration,
  type RegistrationContext,
  type RegistrationOutcome,
} from './registrations.repository.ts';

/** What the registrations need of the configuration (with the defaults of config.ts). */
export function registrationContext(app: FastifyInstance): RegistrationContext {
  return {
    siteUrl: app.config.siteUrl,
    mailFrom: app.config.mailFrom,
    secret: app.config.sessionSecret,
    reminderMs: app.config.registrations?.reminderMs ?? 24 * HOUR_MS,
  };
}

/**
 * How sign-ups are stored: each in one transaction with its consent and mail. Exactness comes from the
 * database (the seat's conditional update, the unique address per event), the same on SQLite and
 * PostgreSQL.
 */
export function registrationStore(app: FastifyInstance) {
  const context = registrationContext(app);
  return {
    context,
    /** A sign-up; the same address again is answered with its current status (`kind: 'again'`). */
    async register(item: NewRegistration): Promise<RegistrationOutcome> {
      try {
        return await app.db.transaction().execute((trx) => registerNew(trx, item, context));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Two sign-ups of one address at once: the second meets the first's row.
        return app.db.transaction().execute((trx) => registerAgain(trx, item, context));
      }
    },
  };
}

export type RegistrationStore = ReturnType<typeof registrationStore>;

/** The refusal as the API and the form pages answer it. */
export function refusalError(error: RegistrationRefused): HttpError {
  if (error.reason === 'not-found') return notFound();
  return new HttpError(
    409,
    error.reason === 'started' ? 'REGISTRATION_STARTED' : 'REGISTRATION_CLOSED',
    error.reason === 'started' ? registrationMessages.started : registrationMessages.closed,
  );
}

/**
 * Takes a valid sign-up, however it arrived (the API or the plain form). A filled-in honeypot is
 * answered like a confirmed sign-up, and nothing is stored or mailed. Counts changed: the event's lists
 * and pages are drawn again. With the newsletter box ticked, the address is also asked to confirm a
 * subscription (the newsletter's double opt-in; the consent is recorded only at its confirmation).
 */
export async function acceptRegistration(
  app: FastifyInstance,
  eventId: string,
  form: RegistrationForm,
  source: 'sitio' | 'admin' = 'sitio',
): Promise<RegistrationOutcome | { kind: 'spam' }> {
  if (form.website?.trim()) return { kind: 'spam' };
  try {
    const outcome = await app.registrations.register({
      eventId,
      fullName: form.fullName,
      email: form.email,
      source,
    });
    if (outcome.kind === 'new') app.registrationCounts.changed();
    if (form.newsletter) {
      await app.newsletter.subscribe({ email: form.email, fullName: form.fullName, source: 'registro' });
    }
    app.mailWorker.wake();
    return outcome;
  } catch (error) {
    if (error instanceof RegistrationRefused) throw refusalError(error);
    throw error;
  }
}
