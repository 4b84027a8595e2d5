import { itemPaths } from '../../shared/api-paths.ts';
import { clock } from '../../shared/clock.ts';
import { organisation } from '../../shared/organisation.ts';
import type { Event } from '../../shared/schemas.ts';
import { eventsCalendar } from '../lib/calendar-file.ts';
import type { RegistrationsTable } from '../db/schema.ts';
import type { MailAttachment } from '../mail/outbox.repository.ts';
import { singleLine } from '../mail/message.ts';
import { escapeHtml } from '../lib/html.ts';

/** The addresses a registration's mail carries, each with a token of its own. */
export interface RegistrationLinks {
  /** The private manage page (/Registro/<token>). */
  manage: string;
  /**
   * The check-in QR code as an image on the site (for the HTML part), for a mail that shows it. Its
   * token only draws the image: whoever loads the mail's images cannot open the registration.
   */
  qrImage?: string;
}

export interface RegistrationMail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

type Row = Pick<RegistrationsTable, 'id' | 'status'>;

const SIGNATURE = ['Con cariño,', `El equipo de ${organisation.name}`];

/** The event's .ics: one VEVENT with its UID, METHOD:PUBLISH, as the site's calendar file. */
export function eventIcs(event: Event, siteUrl: string): MailAttachment {
  return {
    filename: 'evento.ics',
    contentType: 'text/calendar; method=PUBLISH',
    content: eventsCalendar([event], siteUrl),
  };
}

/** "26 de marzo de 2026, 19:00 h (hora del centro de México)". */
export const whenText = (event: Pick<Event, 'eventDate'>) =>
  `${clock.formatEventDate(event.eventDate)} (${organisation.timeZoneLabel})`;

/**
 * Mail goes to whatever address was typed, so, like the requests' acknowledgement, it carries no word
 * the visitor typed (not even the name): only the event, the status and the links.
 */
function compose(
  subject: string,
  paragraphs: string[],
  event: Event,
  links: RegistrationLinks,
  options: { siteUrl?: string } = {},
): RegistrationMail {
  const qrImage = links.qrImage;
  const eventName = singleLine(event.name);
  const details = [
    `Evento: ${eventName}`,
    `Fecha: ${whenText(event)}`,
    `Lugar: ${singleLine(event.location)}`,
  ];
  const manage = `Para ver tu registro o cancelarlo: ${links.manage}`;
  const text = [
    'Hola:',
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...details,
    ...(options.siteUrl ? [`Página del evento: ${options.siteUrl}${itemPaths.event(event.slug)}`] : []),
    '',
    manage,
    ...(qrImage
      ? ['', 'En la entrada, muestra el código QR de tu página de registro (el enlace de arriba).']
      : []),
    '',
    'Si tú no hiciste este registro, puedes ignorar este mensaje o cancelarlo desde el enlace.',
    '',
    ...SIGNATURE,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>Hola:</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<ul>${details.map((d) => `<li>${escapeHtml(d)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(links.manage)}">Ver o cancelar mi registro</a></p>
${
  qrImage
    ? `<p>En la entrada, muestra este código QR:</p><p><img src="${escapeHtml(qrImage)}" width="200" height="200" alt="Código QR de tu registro para la entrada"></p>`
    : ''
}
<p style="color:#6b7280">Si tú no hiciste este registro, puedes ignorar este mensaje o cancelarlo desde el enlace.</p>
<p>${SIGNATURE.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject, text, html };
}

export function confirmedMail(event: Event, _row: Row, links: RegistrationLinks, siteUrl: string) {
  return {
    ...compose(
      `Registro confirmado: ${singleLine(event.name)}`,
      [
        'Tu lugar está confirmado. Te esperamos.',
        'Adjuntamos el archivo del evento para que lo agregues a tu calendario.',
      ],
      event,
      links,
      { siteUrl },
    ),
    attachments: [eventIcs(event, siteUrl)],
  };
}

export function waitlistMail(event: Event, _row: Row, position: number, links: RegistrationLinks) {
  return compose(
    `Lista de espera: ${singleLine(event.name)}`,
    [
      `El cupo del evento está lleno: quedaste en la lista de espera, en el lugar ${position}.`,
      'Si se libera un lugar, te confirmamos automáticamente y te avisamos por correo.',
    ],
    event,
    links,
  );
}

export function promotedMail(event: Event, _row: Row, links: RegistrationLinks, siteUrl: string) {
  return {
    ...compose(
      `¡Tienes lugar! ${singleLine(event.name)}`,
      [
        'Se liberó un lugar y ahora tu registro está confirmado: ¡tienes lugar!',
        'Adjuntamos el archivo del evento para que lo agregues a tu calendario. Si ya no puedes asistir, cancela tu registro para que otra persona ocupe el lugar.',
      ],
      event,
      links,
      { siteUrl },
    ),
    attachments: [eventIcs(event, siteUrl)],
  };
}

export function reminderMail(event: Event, _row: Row, links: RegistrationLinks, siteUrl: string) {
  return compose(
    `Recordatorio: ${singleLine(event.name)}`,
    [
      `Te recordamos que tienes un lugar confirmado en ${singleLine(event.name)}, el ${whenText(event)}.`,
      'Si ya no puedes asistir, cancela tu registro para que otra persona ocupe el lugar.',
    ],
    event,
    links,
    { siteUrl },
  );
}

export function againMail(
  event: Event,
  row: Row,
  position: number | undefined,
  links: RegistrationLinks,
  siteUrl: string,
) {
  const status =
    row.status === 'confirmed'
      ? 'Ya tienes un lugar confirmado en este evento.'
      : `Ya estás en la lista de espera de este evento, en el lugar ${position ?? 1}.`;
  return compose(
    `Tu registro: ${singleLine(event.name)}`,
    [status, 'Te reenviamos el enlace para ver o cancelar tu registro.'],
    event,
    links,
    { siteUrl },
  );
}
