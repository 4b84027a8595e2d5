import type { Kysely } from 'kysely';
import { HOUR_MS } from '../../shared/clock.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import type { Event } from '../../shared/schemas.ts';
import type { Config } from '../config.ts';
import { isBlocked } from '../consent/person-data.ts';
import type { Database, RegistrationLinkPurpose } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/link-tokens.ts';
import { queueMail, type OutboxMessage } from '../mail/outbox.repository.ts';
import { insertLinks, type NewLink } from './links.repository.ts';
import type { RegistrationRow } from './registrations.repository.ts';
import {
  againMail,
  confirmedMail,
  promotedMail,
  reminderMail,
  waitlistMail,
  type RegistrationLinks,
} from './templates.ts';

/** What the registrations' mail needs of the configuration: where links point, who signs it, when. */
export interface MailContext {
  siteUrl: string;
  mailFrom: string;
  /** The reminder goes this long before the start; 0: no reminder. */
  reminderMs: number;
}

export function mailContext(config: Config): MailContext {
  return {
    siteUrl: config.siteUrl,
    mailFrom: config.mailFrom,
    reminderMs: config.registrations?.reminderMs ?? 24 * HOUR_MS,
  };
}

/** One message and the link tokens it carries, written together. */
export interface Letter {
  message: OutboxMessage;
  links: NewLink[];
}

/** The QR code's image on the site, drawn for the token of a `qr` link. */
export const qrImagePath = (token: string) => `${registrationPaths.manage(token)}/asistencia.svg`;

type Row = Pick<RegistrationRow, 'id' | 'email' | 'status'>;

/**
 * New links for one mail: a manage link, and for a mail that shows the QR code an image link of its
 * own. Each mail gets its own tokens (a hashed token cannot be written again into a later mail).
 */
function newLinks(
  context: MailContext,
  row: Row,
  qr: boolean,
  nowIso: string,
): { links: RegistrationLinks; rows: NewLink[] } {
  const rows: NewLink[] = [];
  const link = (purpose: RegistrationLinkPurpose) => {
    const token = newToken();
    rows.push({ token_hash: hashToken(token), registration_id: row.id, purpose, created_at: nowIso });
    return token;
  };
  const links: RegistrationLinks = {
    manage: `${context.siteUrl}${registrationPaths.manage(link('manage'))}`,
  };
  if (qr) links.qrImage = `${context.siteUrl}${qrImagePath(link('qr'))}`;
  return { links, rows };
}

function letter(
  context: MailContext,
  row: Row,
  purpose: string,
  qr: boolean,
  now: Date,
  compose: (links: RegistrationLinks) => Omit<OutboxMessage, 'purpose' | 'to' | 'refId'>,
  sendAt?: string,
): Letter {
  const { links, rows } = newLinks(context, row, qr, now.toISOString());
  return {
    message: { purpose, to: row.email, refId: row.id, ...(sendAt ? { sendAt } : {}), ...compose(links) },
    links: rows,
  };
}

/** The reminder for a confirmed person, when its time is still to come. */
export function reminderLetter(context: MailContext, event: Event, row: Row, now: Date): Letter[] {
  if (context.reminderMs <= 0) return [];
  const due = Date.parse(event.eventDate) - context.reminderMs;
  if (!(due > now.getTime())) return [];
  const sendAt = new Date(due).toISOString();
  return [
    letter(
      context,
      row,
      'registration-reminder',
      true,
      now,
      (links) => reminderMail(event, row, links, context.siteUrl),
      sendAt,
    ),
  ];
}

/** A seat taken (at sign-up, or from the line): its mail with the .ics, and the reminder. */
function seatTaken(
  purpose: 'registration-confirmed' | 'registration-promoted',
  context: MailContext,
  event: Event,
  row: Row,
  now: Date,
): Letter[] {
  const mail = purpose === 'registration-confirmed' ? confirmedMail : promotedMail;
  return [
    letter(context, row, purpose, true, now, (links) => mail(event, row, links, context.siteUrl)),
    ...reminderLetter(context, event, row, now),
  ];
}

/** Signed up with a seat: the confirmation, and the reminder due before the start. */
export const confirmationLetters = (context: MailContext, event: Event, row: Row, now: Date) =>
  seatTaken('registration-confirmed', context, event, row, now);

/** The line moved up: "tienes lugar", and the reminder. */
export const promotionLetters = (context: MailContext, event: Event, row: Row, now: Date) =>
  seatTaken('registration-promoted', context, event, row, now);

/** A place in line: the waitlist notice with the position. */
export function waitlistLetters(
  context: MailContext,
  event: Event,
  row: Row,
  position: number,
  now: Date,
): Letter[] {
  return [
    letter(context, row, 'registration-waitlisted', false, now, (links) =>
      waitlistMail(event, row, position, links),
    ),
  ];
}

/** The same address signed up again: its status and the links once more. */
export function againLetters(
  context: MailContext,
  event: Event,
  row: Row,
  position: number | undefined,
  now: Date,
): Letter[] {
  return [
    letter(context, row, 'registration-again', row.status === 'confirmed', now, (links) =>
      againMail(event, row, position, links, context.siteUrl),
    ),
  ];
}

/** Writes the letters' links and outbox rows, in the caller's transaction. */
export async function post(db: Kysely<Database>, context: MailContext, letters: Letter[], now: Date) {
  if (letters.length === 0) return;
  await insertLinks(
    db,
    letters.flatMap((item) => item.links),
  );
  await queueMail(
    db,
    letters.map((item) => item.message),
    context.mailFrom,
    now,
  );
}

/** As `post`, unless the address is blocked (decision 029: stored, never mailed). */
export async function postUnlessBlocked(
  db: Kysely<Database>,
  context: MailContext,
  email: string,
  letters: Letter[],
  now: Date,
) {
  if (letters.length === 0 || (await isBlocked(db, email))) return;
  await post(db, context, letters, now);
}
