import {
  ARCO_RIGHT_LABELS,
  EXECUTION_BUSINESS_DAYS,
  formatDueDay,
  type ArcoRight,
} from '../../shared/arco.ts';
import { pagePaths } from '../../shared/api-paths.ts';
import { clock } from '../../shared/clock.ts';
import { organisation } from '../../shared/organisation.ts';
import { bareAddress, singleLine, type MailContent } from '../mail/message.ts';

export interface ArcoMailDetails {
  folio: string;
  fullName: string;
  email: string;
  right: ArcoRight;
  details: string;
  receivedAt: string;
  answerDue: string;
}

/**
 * The acknowledgement to the person: the folio and the day by which the association answers. Like the
 * requests' acknowledgement it goes to whatever address was typed, so it repeats nothing typed there
 * (the right was chosen from a list).
 */
export function arcoAcknowledgementMail(request: ArcoMailDetails, siteUrl: string): MailContent {
  const subject = `Recibimos tu solicitud de derechos ARCO, folio ${request.folio}`;
  const text = [
    'Hola:',
    '',
    `Recibimos tu solicitud para ejercer el derecho de ${ARCO_RIGHT_LABELS[request.right]} sobre tus datos personales.`,
    '',
    `Folio: ${request.folio}`,
    `Fecha de recepción: ${clock.formatLong(request.receivedAt)} (${organisation.timeZoneLabel})`,
    `Te responderemos a más tardar el ${formatDueDay(request.answerDue)} (20 días hábiles).`,
    '',
    `Si la solicitud procede, la haremos efectiva dentro de los ${EXECUTION_BUSINESS_DAYS} días hábiles siguientes a nuestra respuesta.`,
    'Es posible que te pidamos acreditar tu identidad antes de responder.',
    '',
    'Menciona el folio si nos escribes sobre esta solicitud; basta con responder a este correo.',
    `Aviso de privacidad: ${siteUrl.replace(/\/$/, '')}${pagePaths.avisoPrivacidad}`,
    '',
    'Si tú no enviaste esta solicitud, responde a este correo para avisarnos.',
    '',
    `El equipo de ${organisation.name}`,
    '',
  ].join('\n');
  return { subject, text };
}

/** The message to the association's inbox: every field, the folio and the due day. */
export function arcoNotificationMail(request: ArcoMailDetails): MailContent {
  const name = singleLine(request.fullName);
  const subject = `Solicitud ARCO ${request.folio} (${ARCO_RIGHT_LABELS[request.right]}): ${name}`;
  const text = [
    'Llegó una solicitud de derechos ARCO desde el sitio web. Atiéndela en la sección «Derechos ARCO» del panel.',
    '',
    `Folio: ${request.folio}`,
    `Derecho: ${ARCO_RIGHT_LABELS[request.right]}`,
    `Nombre completo: ${name}`,
    `Correo electrónico: ${bareAddress(request.email)}`,
    `Recibida: ${clock.formatLong(request.receivedAt)} (${organisation.timeZoneLabel})`,
    `Responder a más tardar: ${formatDueDay(request.answerDue)}`,
    '',
    'Descripción:',
    request.details,
    '',
  ].join('\n');
  return { subject, text };
}
