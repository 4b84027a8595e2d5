import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database, RegistrationLinkPurpose } from '../db/schema.ts';
import { hashToken, looksLikeToken } from '../lib/link-tokens.ts';
import { findByLink } from './links.repository.ts';
import { checkIn, findRegistration, positionOf, type RegistrationRow } from './registrations.repository.ts';
import { eventById } from './seats.repository.ts';
import { cancel, type CancelOutcome } from './waitlist.service.ts';

/**
 * What a person does with the links of their mail (see the registration and cancel it; the QR code's
 * image), and what the admin does at the door with the QR code (check the person in).
 */

/** A manage link opens the page and cancels; an image link only draws the QR code (a legacy link both). */
const MANAGE: readonly RegistrationLinkPurpose[] = ['manage', 'legacy'];
const QR_IMAGE: readonly RegistrationLinkPurpose[] = ['qr', 'legacy'];

/** The admin address a registration's QR code carries (opened at the door by a logged-in admin). */
export const checkInUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/asistencia/${id}`;

/** The check-in address as an SVG QR code. */
const checkInQr = (siteUrl: string, id: string) =>
  QRCode.toString(checkInUrl(siteUrl, id), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

async function withEvent(db: Kysely<Database>, row: RegistrationRow | undefined) {
  const event = row && (await eventById(db, row.event_id));
  return row && event ? { row, event } : undefined;
}

/** The registration a link names, when the link may do this; undefined for any other token. */
async function byLink(db: Kysely<Database>, token: string, purposes: readonly RegistrationLinkPurpose[]) {
  if (!looksLikeToken(token)) return undefined;
  return withEvent(db, await findByLink(db, hashToken(token), purposes));
}

/**
 * The manage page's content: the registration, its event (and whether visitors may see it now), the
 * place in line, the QR code inline.
 */
export async function manageView(app: FastifyInstance, token: string) {
  const found = await byLink(app.db, token, MANAGE);
  if (!found) return undefined;
  const { row } = found;
  const position = row.status === 'waitlisted' ? await positionOf(app.db, row) : undefined;
  const qrDataUrl =
    row.status === 'confirmed'
      ? `data:image/svg+xml;base64,${Buffer.from(await checkInQr(app.config.siteUrl, row.id)).toString('base64')}`
      : undefined;
  // The page names the event only while visitors may see it (a draft is as unknown as any id).
  const shown = (await app.publishedEvents.find(row.event_id)) !== undefined;
  // Provided by the certificates plugin, registered after this one: looked up now, absent means none.
  const certificate = await app.certificateLookup?.ofRegistration(row.id);
  return { ...found, shown, position, qrDataUrl, certificate };
}

/** The manage page's button; undefined for a link that may not cancel. */
export async function cancelByLink(
  app: FastifyInstance,
  token: string,
): Promise<(CancelOutcome & { id: string }) | undefined> {
  const found = await byLink(app.db, token, MANAGE);
  return found ? { ...(await cancel(app, found.row)), id: found.row.id } : undefined;
}

/** The QR code the confirmation mail shows as an image, for a confirmed registration only. */
export async function qrImage(app: FastifyInstance, token: string): Promise<string | undefined> {
  const found = await byLink(app.db, token, QR_IMAGE);
  if (!found || found.row.status !== 'confirmed') return undefined;
  return checkInQr(app.config.siteUrl, found.row.id);
}

/** A registration and its event, as the admin sees them (not a blocked person's). */
export async function registrationWithEvent(db: Kysely<Database>, id: string) {
  return withEvent(db, await findRegistration(db, id));
}

/** Checks the person in at the door: whether this was the first time, and the registration now. */
export async function checkInAtTheDoor(db: Kysely<Database>, id: string) {
  if (!(await registrationWithEvent(db, id))) return undefined;
  const first = await checkIn(db, id);
  const now = await registrationWithEvent(db, id);
  return now ? { ...now, first } : undefined;
}
