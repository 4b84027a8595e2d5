import { clock } from '../../shared/clock.ts';
import { organisation } from '../../shared/organisation.ts';
import type { MailContent } from '../mail/message.ts';

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
