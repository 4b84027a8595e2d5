import type { FastifyReply } from 'fastify';
import { registrationMessages } from '../../shared/registration-messages.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { RegistrationRefused } from './seats.repository.ts';
import { signUp, type RegistrationOutcome } from './sign-up.service.ts';

/** What the registrations' route files share: how a sign-up and a refusal are answered. */

/** The refusal as the API and the form pages answer it. */
function refusalError(error: RegistrationRefused): HttpError {
  if (error.reason === 'not-found') return notFound();
  return new HttpError(
    409,
    error.reason === 'started' ? 'REGISTRATION_STARTED' : 'REGISTRATION_CLOSED',
    error.reason === 'started' ? registrationMessages.started : registrationMessages.closed,
  );
}

/** The sign-up service, with a refusal thrown as the HTTP error that answers it. */
export async function signUpOrRefuse(...args: Parameters<typeof signUp>) {
  try {
    return await signUp(...args);
  } catch (error) {
    throw error instanceof RegistrationRefused ? refusalError(error) : error;
  }
}

/** 201 with the seat or place taken now, 200 with the status of someone registered already. */
export function answerSignUp(reply: FastifyReply, outcome: RegistrationOutcome) {
  const status = outcome.status === 'cancelled' ? 'confirmed' : outcome.status;
  return reply
    .code(outcome.kind === 'new' ? 201 : 200)
    .send({ data: { status, ...(outcome.position ? { position: outcome.position } : {}) } });
}
