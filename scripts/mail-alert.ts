// `node scripts/mail-alert.ts UNIT < LOG`: run by deploy/systemd/sitio-alert@.service when one of the
// site's units fails (a backup, an instance that gave up restarting). Mails the end of the unit's log,
// read on stdin, to ALERT_TO (else MAIL_TO) through SMTP_URL, so whoever looks after the server hears of
// it without reading logs every day.
import { hostname } from 'node:os';
import { ConfigError, loadConfig, type Config } from '../src/server/config.ts';
import { explainSendError, sendPlainMail } from './send-plain-mail.ts';

/** A mail client shows the last lines anyway; the whole log is on the server. */
const MAX_LOG_CHARS = 20_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const unit = process.argv[2]?.trim();
if (!unit) fail('Uso: journalctl --unit=UNIDAD | node scripts/mail-alert.ts UNIDAD');

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (!config.smtpUrl) fail(`SMTP_URL no está definida: no se puede avisar por correo que falló ${unit}.`);

const chunks: Buffer[] = [];
if (!process.stdin.isTTY) for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
let log = Buffer.concat(chunks).toString('utf8').trim();
if (log.length > MAX_LOG_CHARS) log = `…\n${log.slice(-MAX_LOG_CHARS)}`;

const server = hostname();
const to = process.env.ALERT_TO?.trim() || config.mailTo;
try {
  const answer = await sendPlainMail(config, {
    to,
    subject: `[${server}] Falló ${unit}`,
    text: [
      `La unidad ${unit} falló en el servidor ${server} (${new Date().toISOString()}).`,
      '',
      'Para ver qué pasó, en el servidor:',
      `  systemctl status ${unit}`,
      `  journalctl --unit=${unit} --lines=200`,
      'Qué hacer según el caso: docs/deploy.md del sitio, sección "If something fails".',
      '',
      'Últimas líneas de su registro:',
      '',
      log || `(no se pudo leer el registro; en el servidor: journalctl --unit=${unit})`,
    ].join('\n'),
  });
  console.log(`Aviso enviado a ${to}: ${answer.response}`);
} catch (error) {
  fail(`No se pudo enviar el aviso de que falló ${unit} a ${to}: ${explainSendError(error)}`);
}
