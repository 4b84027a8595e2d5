import { formatPesos, graceEnd, longDay } from '../../shared/members.ts';
import type { MembershipSettings } from '../../shared/member-schemas.ts';
import { organisation } from '../../shared/organisation.ts';
import { singleLine, type MailContent } from '../mail/message.ts';

/**
 * The members' mail, in Spanish, text only. None repeats what a stranger typed to an address nobody
 * confirmed: the applicant's own name and organisation never appear (staff approved her address, not
 * her words); a plan's name and the association's words are all they carry. An invitation names the
 * coordinator's organisation only because staff approved her before she could invite.
 */

const SIGNATURE = ['Con cariño,', `El equipo de ${organisation.name}`];

function compose(subject: string, paragraphs: readonly (string | readonly string[])[]): MailContent {
  const lines = paragraphs.flatMap((paragraph) =>
    typeof paragraph === 'string' ? [paragraph, ''] : [...paragraph, ''],
  );
  return { subject, text: ['Hola:', '', ...lines, ...SIGNATURE, ''].join('\n') };
}

const pageLine = (link: string) =>
  `Tu página de socia (tu estado, tus recibos, tu renovación y tu ficha en el directorio): ${link}`;
const privateLinkNote =
  'El enlace es personal: no lo compartas. Si lo pierdes, pide uno nuevo con tu correo en el sitio.';

/** How to pay a reference: the association's account, the amount and the reference. */
export function paymentInstructions(
  bank: MembershipSettings,
  payment: { reference: string; amountCents: number },
): string[] {
  return [
    'Haz una transferencia (SPEI) por el importe exacto y escribe la referencia en el concepto:',
    '',
    `  Banco: ${singleLine(bank.bank)}`,
    `  Beneficiaria: ${singleLine(bank.beneficiary)}`,
    `  CLABE: ${bank.clabe}`,
    `  Importe: ${formatPesos(payment.amountCents)}`,
    `  Referencia (concepto): ${payment.reference}`,
  ];
}

export function approvalMail(input: {
  planName: string;
  bank: MembershipSettings;
  payment: { reference: string; amountCents: number };
  link: string;
}): MailContent {
  return compose('Aprobamos tu solicitud de membresía', [
    `Nos da mucho gusto: aprobamos tu solicitud de membresía ${singleLine(input.planName)} en ${organisation.name}.`,
    'Para activarla solo falta tu cuota.',
    paymentInstructions(input.bank, input.payment),
    'Cuando recibamos tu pago te enviaremos tu recibo y tu número de socia.',
    `Estos datos también están en tu página: ${input.link}`,
    privateLinkNote,
  ]);
}

export function renewalMail(input: {
  planName: string;
  bank: MembershipSettings;
  payment: { reference: string; amountCents: number };
  link: string;
}): MailContent {
  return compose('Datos para renovar tu membresía', [
    `Gracias por renovar tu membresía ${singleLine(input.planName)}.`,
    paymentInstructions(input.bank, input.payment),
    'Cuando recibamos tu pago te enviaremos tu recibo. Si ya pagaste, no hagas nada más.',
    pageLine(input.link),
  ]);
}

export function welcomeMail(input: {
  number: number;
  periodEnd: string;
  folio: string;
  link: string;
}): MailContent {
  return compose(`¡Bienvenida a ${organisation.name}!`, [
    `Recibimos tu pago y tu membresía ya está activa hasta el ${longDay(input.periodEnd)}. Tu número de socia es el ${input.number}.`,
    `Tu recibo (folio ${input.folio}) está en tu página, junto con todo lo de tu membresía:`,
    pageLine(input.link),
    privateLinkNote,
    'Te avisaremos por correo antes de que tu membresía venza.',
  ]);
}

export function paymentReceivedMail(input: { periodEnd: string; folio: string; link: string }): MailContent {
  return compose('Recibimos tu pago', [
    `Gracias: recibimos tu pago y tu membresía está activa hasta el ${longDay(input.periodEnd)}.`,
    `Tu recibo (folio ${input.folio}) está en tu página.`,
    pageLine(input.link),
  ]);
}

export function accessMail(link: string): MailContent {
  return compose('El enlace a tu página de socia', [
    'Este es el enlace a tu página de socia que pediste en el sitio:',
    link,
    privateLinkNote,
    'Si tú no lo pediste, puedes ignorar este correo: nadie más lo recibió.',
  ]);
}

export type ReminderKind = 'days-30' | 'days-7' | 'last-day' | 'grace' | 'lapsed';

export function reminderMail(
  kind: ReminderKind,
  input: { periodEnd: string; graceDays: number; planName: string; feeCents: number; link: string },
): MailContent {
  const end = longDay(input.periodEnd);
  const lastGraceDay = longDay(graceEnd(input.periodEnd, input.graceDays));
  const renew = `Para renovarla, abre tu página y pulsa «Renovar»: te daremos la referencia para pagar ${formatPesos(input.feeCents)} (plan ${singleLine(input.planName)}). ${input.link}`;
  const paid =
    'Si ya pagaste tu renovación, no hagas nada: tu nuevo periodo empieza cuando termine el actual.';
  switch (kind) {
    case 'days-30':
      return compose('Tu membresía vence en 30 días', [
        `Tu membresía está activa hasta el ${end}.`,
        renew,
        paid,
      ]);
    case 'days-7':
      return compose('Tu membresía vence en una semana', [
        `Tu membresía está activa hasta el ${end}.`,
        renew,
        paid,
      ]);
    case 'last-day':
      return compose('Tu membresía vence hoy', [
        `Hoy, ${end}, es el último día de tu membresía.`,
        `Tienes hasta el ${lastGraceDay} para renovarla y conservar tu fecha de aniversario.`,
        renew,
      ]);
    case 'grace':
      return compose('Tu membresía está en periodo de gracia', [
        `Tu membresía terminó el ${end}. Sigues en periodo de gracia hasta el ${lastGraceDay}.`,
        renew,
      ]);
    case 'lapsed':
      return compose('Tu membresía venció', [
        `Terminó el periodo de gracia de tu membresía (el ${lastGraceDay}).`,
        'Te extrañaremos. Puedes renovarla cuando quieras; tu nuevo periodo empezará el día de tu pago.',
        renew,
      ]);
  }
}

/**
 * A coordinator's invitation to a seat. The address was typed by the coordinator, not by the person
 * invited; the organisation's name was approved by staff with her membership.
 */
export function invitationMail(input: { organisation: string; link: string }): MailContent {
  return compose(`Te invitaron a ser socia de ${organisation.name}`, [
    `${singleLine(input.organisation)} te invita a ocupar uno de los lugares de su membresía corporativa en ${organisation.name}.`,
    `Para aceptar, abre este enlace y pulsa «Aceptar invitación»: ${input.link}`,
    'Si no esperabas esta invitación, ignora este correo: no haremos nada con tu dirección.',
  ]);
}

export function seatWelcomeMail(input: { number: number; link: string }): MailContent {
  return compose(`¡Bienvenida a ${organisation.name}!`, [
    `Aceptaste la invitación: ya eres socia, con el número ${input.number}.`,
    pageLine(input.link),
    privateLinkNote,
  ]);
}

export function leftMail(): MailContent {
  return compose('Te diste de baja', [
    `Registramos tu baja de ${organisation.name}. Ya no te enviaremos recordatorios de renovación ni aparecerás en el directorio.`,
    'Tus recibos siguen en tu página y los conservamos cinco años, como pide la ley para los registros contables.',
    'Si fue un error o quieres volver, escríbenos: será un gusto tenerte de nuevo.',
  ]);
}

/** To a member imported from the association's own records, when staff ask for it. */
export function importedMail(input: { number: number; periodEnd: string; link: string }): MailContent {
  return compose(`Tu membresía en ${organisation.name}, ahora en el sitio`, [
    `Tu membresía ya aparece en el sitio de la asociación: tu número de socia es el ${input.number} y está vigente hasta el ${longDay(input.periodEnd)}.`,
    pageLine(input.link),
    privateLinkNote,
  ]);
}
