import { organisation } from '../../shared/organisation.ts';
import { singleLine, type MailContent } from '../mail/message.ts';

/**
 * The mail after an event, in Spanish, text only. It goes only to an address that confirmed its
 * registration and checked in; it names the event (staff's words), never what the person typed.
 */
export function followupMail(input: {
  eventName: string;
  certificateLink?: string;
  surveyLink: string;
  closesText: string;
}): MailContent {
  const event = singleLine(input.eventName);
  const lines = ['Hola:', '', `Gracias por participar en «${event}».`, ''];
  if (input.certificateLink) {
    lines.push(
      'Tu constancia de participación está lista. Puedes verla, descargarla en PDF y compartir su enlace, que permite a cualquiera comprobar que es auténtica:',
      input.certificateLink,
      '',
    );
  }
  lines.push(
    '¿Nos ayudas a mejorar? Responder la encuesta toma un minuto (tres preguntas):',
    input.surveyLink,
    `La encuesta está abierta hasta el ${input.closesText}. El enlace es personal: solo se responde una vez.`,
    '',
    'Con cariño,',
    `El equipo de ${organisation.name}`,
    '',
  );
  const subject = input.certificateLink
    ? `Tu constancia de participación: ${event}`
    : `¿Qué te pareció «${event}»?`;
  return { subject, text: lines.join('\n') };
}
