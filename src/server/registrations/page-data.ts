import { itemPaths } from '../../shared/api-paths.ts';
import { certificateLinks } from '../../shared/certificates.ts';
import { clock } from '../../shared/clock.ts';
import { registrationMessages } from '../../shared/registration-messages.ts';
import type {
  CheckInPageData,
  EventSummary,
  ManagePageData,
  SentPageData,
} from '../../shared/registration-pages.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import type { Event } from '../../shared/schemas.ts';
import type { RegistrationCertificate } from '../plugins/certificate-lookup.ts';
import type { RegistrationRow } from './registrations.repository.ts';
import { whenText } from './templates.ts';

/**
 * The data the sign-up's pages are drawn with (src/shared/registration-pages.ts; the pages are
 * src/web/pages/registro): made here from a registration and its event, with the texts that depend on
 * them.
 */

const STATUS_TEXT: Record<RegistrationRow['status'], string> = {
  confirmed: 'Tu lugar está confirmado',
  waitlisted: 'Estás en la lista de espera',
  cancelled: 'Tu registro está cancelado',
};

export const eventSummary = (event: Event): EventSummary => ({
  name: event.name,
  when: whenText(event),
  place: event.location,
  path: itemPaths.event(event.slug),
});

/** The manage page: the registration, its event while visitors may see it, the QR code, the button. */
export function manageData(input: {
  event: Event;
  row: RegistrationRow;
  shown: boolean;
  position?: number | undefined;
  qrDataUrl?: string | undefined;
  certificate?: RegistrationCertificate | undefined;
  token: string;
  justCancelled: boolean;
  now: Date;
}): ManagePageData {
  const { event, row } = input;
  const started = Date.parse(event.eventDate) <= input.now.getTime();
  return {
    kind: 'registro',
    status: row.status,
    statusText:
      row.status === 'waitlisted' && input.position
        ? `${STATUS_TEXT.waitlisted}, en el lugar ${input.position}`
        : STATUS_TEXT[row.status],
    fullName: row.full_name,
    email: row.email,
    ...(input.shown ? { event: eventSummary(event) } : {}),
    ...(row.status === 'confirmed' && input.qrDataUrl ? { qrDataUrl: input.qrDataUrl } : {}),
    ...(row.status !== 'cancelled' && !started
      ? { cancelAction: registrationPaths.manage(input.token) }
      : {}),
    ...(input.certificate
      ? {
          certificate: {
            folio: input.certificate.folio,
            path: certificateLinks.verify(input.certificate.folio),
            ...(input.certificate.revoked ? {} : { pdfPath: certificateLinks.pdf(input.certificate.folio) }),
            status: input.certificate.revoked ? ('Revocada' as const) : ('Vigente' as const),
          },
        }
      : {}),
    justCancelled: input.justCancelled,
  };
}

/** Where a sign-up posted without script lands: its outcome, and the event while it is public. */
export function sentData(input: {
  status: 'confirmed' | 'waitlisted';
  position?: number | undefined;
  again: boolean;
  event?: Event | undefined;
}): SentPageData {
  return {
    kind: 'registro-enviado',
    heading: input.again
      ? 'Ya tenías un registro'
      : input.status === 'waitlisted'
        ? 'Estás en la lista de espera'
        : '¡Registro confirmado!',
    text: input.again
      ? registrationMessages.again
      : input.status === 'waitlisted'
        ? registrationMessages.waitlisted(input.position ?? 1)
        : registrationMessages.confirmed,
    ...(input.event ? { event: eventSummary(input.event) } : {}),
  };
}

/** The check-in page, for an admin: the person, her event, and whether she was checked in. */
export function checkInData(input: {
  event: Event;
  row: RegistrationRow;
  already: boolean;
}): CheckInPageData {
  const { event, row } = input;
  const at = row.checked_in_at ? clock.wallTime(row.checked_in_at) : undefined;
  const confirmed = row.status === 'confirmed';
  return {
    kind: 'asistencia',
    fullName: row.full_name,
    email: row.email,
    event: eventSummary(event),
    ...(confirmed
      ? {}
      : {
          notConfirmed: `Este registro no está confirmado (${STATUS_TEXT[row.status].toLowerCase()}): no tiene lugar en el evento.`,
        }),
    ...(at
      ? { checkedInAt: `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}` }
      : {}),
    already: input.already && row.checked_in_at !== null,
    ...(confirmed && !row.checked_in_at ? { action: registrationPaths.checkIn(row.id) } : {}),
  };
}
