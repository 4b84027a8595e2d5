import { clock } from '../../shared/clock.ts';
import { organisation } from '../../shared/organisation.ts';
import { singleLine, type MailContent } from '../mail/message.ts';

/** Told to the account's own address whenever its second factor is turned on or off. */
export function secondFactorChangedMail(email: string, change: 'on' | 'off', at = new Date()): MailContent {
  const when = `${clock.formatLong(at.toISOString())} (${organisation.timeZoneLabel})`;
  const what =
    change === 'on' ? 'Se activó la verificación en dos pasos' : 'Se desactivó la verificación en dos pasos';
  return {
    subject: `${what} en tu cuenta`,
    text: [
      'Hola:',
      '',
      `${what} en tu cuenta de administración del sitio de ${organisation.name} (${email}) el ${when}.`,
      'Las demás sesiones abiertas de tu cuenta se cerraron.',
      '',
      'Si no fuiste tú, avisa de inmediato a otra administradora: alguien más conoce tu contraseña.',
      '',
      `— Sitio web de ${organisation.name}`,
    ].join('\n'),
  };
}

const whenOf = (at: Date) => `${clock.formatLong(at.toISOString())} (${organisation.timeZoneLabel})`;

/**
 * "¿Olvidaste tu contraseña?": the link that opens the admin's page to choose a new password. The
 * token travels after `#`, so it never reaches a server log, nor a Referer.
 */
export function passwordResetMail(email: string, link: string): MailContent {
  return {
    subject: 'Restablece tu contraseña de administración',
    text: [
      'Hola:',
      '',
      `Alguien pidió restablecer la contraseña de tu cuenta de administración del sitio de ${organisation.name} (${email}).`,
      'Para elegir una contraseña nueva, abre este enlace en los próximos 30 minutos (sirve una sola vez):',
      '',
      link,
      '',
      'Si tienes activada la verificación en dos pasos, al entrar te pediremos también el código de tu aplicación.',
      'Si no lo pediste tú, ignora este correo: tu contraseña no cambia.',
      '',
      `— Sitio web de ${organisation.name}`,
    ].join('\n'),
  };
}

/** Told to the account's own address after its password was set from a reset link. */
export function passwordChangedMail(email: string, at = new Date()): MailContent {
  return {
    subject: 'Se cambió la contraseña de tu cuenta',
    text: [
      'Hola:',
      '',
      `La contraseña de tu cuenta de administración del sitio de ${organisation.name} (${email}) se cambió con un enlace enviado por correo el ${whenOf(at)}.`,
      'Todas las sesiones abiertas de tu cuenta se cerraron.',
      '',
      'Si no fuiste tú, avisa de inmediato a otra administradora: alguien más puede leer tu correo.',
      '',
      `— Sitio web de ${organisation.name}`,
    ].join('\n'),
  };
}

/** Told to every other admin after a sensitive change (decision 035): who did what, and when. */
export function sensitiveActionMail(actor: string, what: string, at = new Date()): MailContent {
  return {
    subject: singleLine(`Aviso de seguridad: ${actor} ${what}`),
    text: [
      'Hola:',
      '',
      `${actor} ${what} en la administración del sitio de ${organisation.name} el ${whenOf(at)}.`,
      '',
      'Te avisamos porque es un cambio que afecta la seguridad del sitio. Si no lo esperabas, habla con ella',
      'y revisa el registro de actividad.',
      '',
      `— Sitio web de ${organisation.name}`,
    ].join('\n'),
  };
}
