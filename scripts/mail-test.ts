// `npm run mail:test -- ADDRESS`: one plain test message to ADDRESS through SMTP_URL, read the way the
// server reads its settings (the environment, else .env), and the mail server's answer printed. The
// check to run after setting SMTP_URL up, rather than waiting for a real request to go missing.
import { hostname } from 'node:os';
import { ConfigError, loadConfig, type Config } from '../src/server/config.ts';
import { describeSmtpUrl, explainSendError, sendPlainMail } from './send-plain-mail.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const address = process.argv[2]?.trim();
if (!address || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
  fail('Uso: npm run mail:test -- DIRECCIÓN (la dirección de correo que recibirá el mensaje de prueba).');
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (!config.smtpUrl) {
  fail(
    'SMTP_URL no está definida: sin ella el sitio guarda las solicitudes pero no envía correo. ' +
      'Defínela en /etc/sitio/sitio.env (en el servidor) o en .env, p. ej. smtps://usuario:contraseña@smtp.example.org:465.',
  );
}

console.log(`Enviando un mensaje de prueba a ${address} por ${describeSmtpUrl(config.smtpUrl)}…`);
try {
  const answer = await sendPlainMail(config, {
    to: address,
    subject: 'Prueba de correo del sitio',
    text: [
      'Hola:',
      '',
      'Este es un mensaje de prueba del servidor del sitio web (npm run mail:test): el correo saliente funciona.',
      '',
      'Si llegó a la carpeta de correo no deseado, revisa los registros SPF, DKIM y DMARC del dominio del remitente.',
      '',
      `Remitente: ${config.mailFrom}`,
      `Enviado desde ${hostname()} el ${new Date().toISOString()}.`,
    ].join('\n'),
  });
  console.log(`El servidor de correo aceptó el mensaje: ${answer.response}`);
  console.log(`Message-ID: ${answer.messageId}`);
  if (answer.rejected.length > 0) fail(`Pero rechazó a: ${answer.rejected.join(', ')}`);
} catch (error) {
  fail(`No se pudo enviar el mensaje de prueba: ${explainSendError(error)}`);
}
