import type { FastifyInstance, FastifyReply } from 'fastify';
import { registrationMessages } from '../../shared/registration-messages.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { parseFormBody } from '../site/form-posts.ts';
import { RegistrationRefused } from './seats.repository.ts';
import { signUp, type RegistrationOutcome } from './sign-up.service.ts';

/** What the registrations' route files share: how a sign-up and a refusal are answered, and pages. */

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

/** One of the registrations' own pages: for one person, never kept by a cache. */
export const htmlPage = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

/** The scope takes forms posted without script (urlencoded), up to `bodyLimit` bytes. */
export function takeFormPosts(scope: FastifyInstance, bodyLimit: number) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, parseFormBody(String(body))),
  );
}
