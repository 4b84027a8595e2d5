import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ContactRequest } from '../../shared/schemas.ts';
import { writeRequest, type NewRequest } from './requests.repository.ts';

/**
 * Acknowledgements one address receives in 24 hours. A request beyond it is still stored and the
 * association still notified; only the visitor's copy is left out, so the form cannot be used to
 * flood someone's mailbox.
 */
export const ACK_DAILY_CAP = 3;

/** How the app stores contact requests: each with its outbox rows, in one transaction. */
export function contactRequestStore(app: FastifyInstance) {
  const mail = { mailTo: app.config.mailTo, mailFrom: app.config.mailFrom };
  return {
    write: (request: NewRequest) =>
      app.db.transaction().execute((trx) => writeRequest(trx, request, mail, { ackDailyCap: ACK_DAILY_CAP })),
  };
}

export type ContactRequestStore = ReturnType<typeof contactRequestStore>;

/**
 * Takes a valid contact or membership request, however it arrived (the API, or the form posted without
 * script): it is stored with its outbox rows in one transaction, then the mail worker is woken. A
 * filled-in honeypot marks it as spam: kept for the association, never mailed. With its newsletter box
 * ticked, the address is also asked to confirm a subscription. Returns its id.
 */
export async function acceptContactRequest(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  request: ContactRequest,
): Promise<string> {
  const { website, memberships, newsletter, ...fields } = request;
  const spam = Boolean(website?.trim());
  const { id, acknowledgement } = await app.contactRequests.write({
    ...fields,
    kind: memberships ?? 'contacto',
    spam,
  });
  if (spam) log.info({ requestId: id }, 'contact request flagged as spam; stored, not mailed');
  if (acknowledgement === 'capped') {
    log.warn(
      { requestId: id },
      'acknowledgement skipped: this address had its daily share; the request is stored and notified',
    );
  }
  // The unticked box ticked: the same double opt-in as the footer form (the newsletter domain).
  if (newsletter && !spam) {
    await app.newsletter.subscribe({
      email: fields.email,
      fullName: fields.fullName,
      source: memberships ? 'membresia' : 'contacto',
    });
  }
  app.mailWorker.wake();
  return id;
}
