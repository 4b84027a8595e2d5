import type { InboxItem, RequestKind, StoredRequest } from '../../shared/admin-schemas.ts';
import { formatDueDay } from '../../shared/arco.ts';
import { BARRIER_ANSWER_BUSINESS_DAYS } from '../../shared/barriers.ts';
import { clock } from '../../shared/clock.ts';
import { organisation } from '../../shared/organisation.ts';
import { bareAddress, singleLine, type MailContent } from '../mail/message.ts';

/** What a template needs to know about a stored request: its fields and when it was stored (ISO UTC). */
export type RequestDetails = Omit<StoredRequest, 'spam'> & Pick<InboxItem, 'createdAt'>;

/** Signs the acknowledgement; the site's title uses the same name. */
const ASSOCIATION_NAME = organisation.name;

/** The association's time, and the stored UTC timestamp beside it for anyone who needs it exact. */
function formatDate(iso: string): string {
  const local = clock.formatLong(iso);
  return local ? `${local} (${organisation.timeZoneLabel}; ${iso})` : iso;
}

function isMembership(kind: RequestKind): boolean {
  return kind !== 'contacto' && kind !== 'barrera';
}

/** The message to the association's inbox: every field, so nobody has to open the database. */
export function notificationMail(request: RequestDetails): MailContent {
  const name = singleLine(request.fullName);
  const subject = isMembership(request.kind)
    ? `Nueva solicitud de membresía (${request.kind}): ${name}`
    : `Nuevo mensaje de contacto: ${name}`;
  const intro = isMembership(request.kind)
    ? 'Llegó una nueva solicitud de membresía desde el sitio web.'
    : 'Llegó un nuevo mensaje desde el formulario de contacto del sitio web.';
  const fields: [string, string][] = [
    ['Nombre completo', name],
    ['Empresa', singleLine(request.company)],
    ['Puesto', singleLine(request.position)],
    ['Correo electrónico', bareAddress(request.email)],
    ['Teléfono', singleLine(request.phoneNumber)],
    ['Tipo de membresía', isMembership(request.kind) ? request.kind : 'No aplica (mensaje de contacto)'],
    ['Fecha', formatDate(request.createdAt)],
  ];
  const text = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    `Para responder, contesta este correo: la respuesta llegará a ${bareAddress(request.email)}.`,
    '',
  ].join('\n');
  return { subject, text };
}

/**
 * The acknowledgement to the person who wrote: short, warm, and honest about what happens next. It
 * goes to whatever address was typed, so it carries no word the visitor typed (not even the name):
 * otherwise anyone could make the association send their text to a stranger.
 */
export function acknowledgementMail(request: Pick<RequestDetails, 'kind'>): MailContent {
  const what = isMembership(request.kind)
    ? `tu solicitud de membresía ${request.kind}`
    : 'tu solicitud de contacto';
  const subject = isMembership(request.kind) ? 'Recibimos tu solicitud de membresía' : 'Recibimos tu mensaje';
  const text = [
    'Hola:',
    '',
    `Recibimos ${what}. ¡Muchas gracias por tu interés y por sumarte a impulsar el liderazgo de las mujeres en las energías renovables!`,
    '',
    'Nuestro equipo la revisará y te escribirá pronto. Si quieres añadir algo, basta con responder a este correo.',
    '',
    'Si tú no enviaste esta solicitud, puedes ignorar este mensaje.',
    '',
    'Con cariño,',
    `El equipo de ${ASSOCIATION_NAME}`,
    '',
  ].join('\n');
  return { subject, text };
}

/** What a barrier report's mails need: what was reported, when, and the day its answer is due. */
export interface BarrierDetails {
  pageUrl: string;
  details: string;
  email?: string;
  createdAt: string;
  answerDue: string;
}

/** The message to the association's inbox: the page, what happened, the contact and the due day. */
export function barrierNotificationMail(report: BarrierDetails): MailContent {
  const page = singleLine(report.pageUrl);
  const subject = `Barrera de accesibilidad reportada: ${page}`;
  const text = [
    'Llegó un reporte de una barrera de accesibilidad desde el sitio web. Atiéndelo en la bandeja de solicitudes del panel.',
    '',
    `Página: ${page}`,
    `Correo de contacto: ${report.email ? bareAddress(report.email) : 'no dejó ninguno'}`,
    `Fecha: ${formatDate(report.createdAt)}`,
    `Responder a más tardar: ${formatDueDay(report.answerDue)} (${BARRIER_ANSWER_BUSINESS_DAYS} días hábiles)`,
    '',
    'Qué pasó:',
    report.details,
    '',
    report.email
      ? `Para responder, contesta este correo: la respuesta llegará a ${bareAddress(report.email)}.`
      : 'No dejó correo: no hay a quién responder, pero el reporte sirve para corregir la barrera.',
    '',
  ].join('\n');
  return { subject, text };
}

/**
 * The acknowledgement to the address left on the report. Nobody has confirmed that address, so it
 * repeats nothing typed in the form (neither the page nor the description): only that a report arrived
 * and the day it will be answered.
 */
export function barrierAcknowledgementMail(report: Pick<BarrierDetails, 'answerDue'>): MailContent {
  const text = [
    'Hola:',
    '',
    'Recibimos tu reporte de una barrera de accesibilidad en nuestro sitio web. Gracias por avisarnos: nos ayuda a que el sitio funcione para todas las personas.',
    '',
    `Te responderemos a más tardar el ${formatDueDay(report.answerDue)} (${BARRIER_ANSWER_BUSINESS_DAYS} días hábiles). Si quieres añadir algo, basta con responder a este correo.`,
    '',
    'Si tú no enviaste este reporte, puedes ignorar este mensaje.',
    '',
    `El equipo de ${ASSOCIATION_NAME}`,
    '',
  ].join('\n');
  return { subject: 'Recibimos tu reporte de accesibilidad', text };
}
