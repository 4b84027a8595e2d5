// One plain message through SMTP_URL, for the scripts that use the mail settings outside the server
// (`npm run mail:test`, the alert unit). The site's own mail goes through its outbox, with retries.
import { createTransport } from 'nodemailer';
import type { Config } from '../src/server/config.ts';

export interface PlainMail {
  to: string;
  subject: string;
  text: string;
}

/** What the SMTP server said when it took the message. */
export interface SmtpAnswer {
  /** Its last line, e.g. `250 2.0.0 Ok: queued as 4XyZ`. */
  response: string;
  messageId: string;
  accepted: string[];
  rejected: string[];
}

const TIMEOUT_MS = 15_000;

/** Where SMTP_URL sends, and as whom, without the password: for the person checking the settings. */
export function describeSmtpUrl(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return 'una dirección SMTP_URL que no se puede leer (revisa los caracteres especiales: docs/deploy.md)';
  }
  const secure = url.protocol === 'smtps:';
  const port = url.port || (secure ? '465' : '587');
  let user = url.username;
  try {
    user = decodeURIComponent(url.username);
  } catch {
    // Shown as written.
  }
  const how = secure ? 'TLS desde el inicio (smtps)' : 'smtp, con STARTTLS si el servidor lo ofrece';
  return `${url.hostname}:${port}, ${how}${user ? `, como el usuario ${user}` : ', sin usuario'}`;
}

/** Sends one message, or throws nodemailer's error (with its `code` and the server's `response`). */
export async function sendPlainMail(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  mail: PlainMail,
): Promise<SmtpAnswer> {
  if (!config.smtpUrl) throw new Error('SMTP_URL no está definida');
  const transport = createTransport({
    url: config.smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    const info = await transport.sendMail({ from: config.mailFrom, ...mail });
    const addresses = (list: unknown[]) =>
      list.map((entry) => (typeof entry === 'string' ? entry : (entry as { address: string }).address));
    return {
      response: info.response,
      messageId: info.messageId,
      accepted: addresses(info.accepted),
      rejected: addresses(info.rejected),
    };
  } finally {
    transport.close();
  }
}

/** The error in one line, with a hint for the mistakes people make when they set SMTP_URL up. */
export function explainSendError(error: unknown): string {
  const { code, responseCode, response, message } = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const said = response ?? message ?? String(error);
  const base = `${code ? `[${code}${responseCode ? ` ${responseCode}` : ''}] ` : ''}${said}`;
  switch (code) {
    case 'EAUTH':
      return `${base}\nEl servidor rechazó el usuario o la contraseña de SMTP_URL. Si el usuario es una dirección de correo, su @ se escribe %40 (docs/deploy.md, "Correo").`;
    case 'ECONNECTION':
    case 'ETIMEDOUT':
    case 'ESOCKET':
    case 'EDNS':
      return `${base}\nNo se pudo hablar con el servidor de correo: revisa el nombre y el puerto de SMTP_URL (465 con smtps://, 587 con smtp://) y que el proveedor del servidor no bloquee ese puerto.`;
    case 'EENVELOPE':
      return `${base}\nEl servidor no aceptó al remitente (MAIL_FROM) o al destinatario.`;
    default:
      return base;
  }
}
