import { itemPaths, pagePaths } from '../../shared/api-paths.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { clock } from '../../shared/clock.ts';
import { registrationMessages } from '../../shared/registration-messages.ts';
import { organisation } from '../../shared/organisation.ts';
import type { Event } from '../../shared/schemas.ts';
import type { RegistrationRow } from './registrations.repository.ts';
import { escapeHtml as e } from '../lib/html.ts';
import { whenText } from './templates.ts';

/**
 * The registrations' own pages, rendered on the server as small complete documents: the manage page
 * a mail links to, the answer to a form posted without script, and the check-in page at the door.
 * They carry no script; their buttons are plain forms.
 */

const STYLE = `
:root{color-scheme:light;--ink:#1f2937;--muted:#4b5563;--brand:#0f5257;--line:#d1d5db;--ok:#166534;--warn:#92400e}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:#faf6ef;line-height:1.5}
header{background:#fff;border-bottom:1px solid var(--line);padding:.75rem 1.25rem}
header a{color:var(--brand);font-weight:700;text-decoration:none}
header a:focus-visible,main a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
main{max-width:40rem;margin:2rem auto;padding:0 1.25rem}
.card{background:#fff;border:1px solid var(--line);border-radius:12px;padding:1.5rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}
h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0 0 1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.status{font-weight:700;padding:.5rem .75rem;border-radius:8px;display:inline-block;margin:0 0 1rem}
.status.confirmed{background:#dcfce7;color:var(--ok)}
.status.waitlisted{background:#fef3c7;color:var(--warn)}
.status.cancelled{background:#f3f4f6;color:var(--muted)}
button{font:inherit;font-weight:600;border:0;border-radius:999px;padding:.7rem 1.4rem;background:var(--brand);color:#fff;cursor:pointer;min-height:44px}
button.secondary{background:#fff;color:var(--brand);border:2px solid var(--brand)}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text],input[type=email]{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #6b7280;border-radius:8px}
.field-error{color:#b91c1c;margin:.25rem 0 0}
.message{padding:.75rem 1rem;border-radius:8px;background:#fef2f2;color:#991b1b}
.note{color:var(--muted);font-size:.95rem}
.check{display:flex;gap:.5rem;align-items:flex-start;margin:1rem 0}
.check input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex-shrink:0}
.check label{display:inline;font-weight:400;margin:0}
.qr{display:block;width:200px;height:200px;margin:.5rem 0;border:1px solid var(--line);border-radius:8px;background:#fff}
.hidden{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
a{color:var(--brand)}
@media (max-width:30rem){main{margin:1rem auto}.card{padding:1rem}dl{grid-template-columns:1fr}dt{margin-top:.4rem}}
`;

export function page(title: string, body: string, options: { noindex?: boolean } = {}): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.noindex === false ? '' : '<meta name="robots" content="noindex">'}
<title>${e(title)} — ${e(organisation.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a href="${pagePaths.inicio}">${e(organisation.name)}</a></header>
<main id="contenido">
${body}
</main>
</body>
</html>`;
}

const STATUS_TEXT: Record<RegistrationRow['status'], string> = {
  confirmed: 'Tu lugar está confirmado',
  waitlisted: 'Estás en la lista de espera',
  cancelled: 'Tu registro está cancelado',
};

function eventDetails(event: Event): string {
  return `<dl>
<dt>Evento</dt><dd><a href="${e(itemPaths.event(event.slug))}">${e(event.name)}</a></dd>
<dt>Fecha</dt><dd>${e(whenText(event))}</dd>
<dt>Lugar</dt><dd>${e(event.location)}</dd>
</dl>`;
}

/** The manage page: the event, the status, the check-in QR code, and the button that cancels. */
export function managePage(input: {
  event: Event;
  row: RegistrationRow;
  /** Whether visitors may see the event now; otherwise the page does not name it. */
  shown: boolean;
  position?: number;
  qrDataUrl?: string;
  token: string;
  justCancelled?: boolean;
}): string {
  const { event, row } = input;
  const started = Date.parse(event.eventDate) <= Date.now();
  const statusLine =
    row.status === 'waitlisted' && input.position
      ? `${STATUS_TEXT.waitlisted}, en el lugar ${input.position}`
      : STATUS_TEXT[row.status];
  const body = `<div class="card">
<h1>Tu registro</h1>
${input.justCancelled ? '<p role="status">Listo: cancelamos tu registro. Gracias por avisar; tu lugar pasa a la siguiente persona.</p>' : ''}
<p class="status ${row.status}">${e(statusLine)}</p>
<dl><dt>Nombre</dt><dd>${e(row.full_name)}</dd><dt>Correo</dt><dd>${e(row.email)}</dd></dl>
${input.shown ? eventDetails(event) : '<p class="note">El evento de este registro ya no está publicado en el sitio.</p>'}
${
  row.status === 'confirmed' && input.qrDataUrl
    ? `<h2>Tu pase para la entrada</h2>
<p class="note">Muestra este código QR al llegar para registrar tu asistencia.</p>
<img class="qr" src="${input.qrDataUrl}" width="200" height="200" alt="Código QR de tu registro para la entrada">`
    : ''
}
${
  row.status !== 'cancelled' && !started
    ? `<h2>¿Ya no puedes asistir?</h2>
<p class="note">Al cancelar, tu lugar pasa a la primera persona de la lista de espera.</p>
<form method="post" action="${e(registrationPaths.manage(input.token))}">
<button type="submit">Cancelar mi registro</button>
</form>`
    : ''
}
</div>`;
  return page('Tu registro', body);
}

export function notFoundPage(): string {
  return page(
    'Registro no encontrado',
    `<div class="card"><h1>No encontramos este registro</h1>
<p>El enlace no es válido o el registro ya se eliminó. Revisa que el enlace de tu correo esté completo.</p>
<p><a href="${pagePaths.inicio}#Eventos">Ver los eventos</a></p></div>`,
  );
}

/** Where a sign-up posted without script lands. */
export function sentPage(input: { status: string; position?: number; again?: boolean; event?: Event }) {
  const text = input.again
    ? registrationMessages.again
    : input.status === 'waitlisted'
      ? registrationMessages.waitlisted(input.position ?? 1)
      : registrationMessages.confirmed;
  const heading = input.again
    ? 'Ya tenías un registro'
    : input.status === 'waitlisted'
      ? 'Estás en la lista de espera'
      : '¡Registro confirmado!';
  return page(
    heading,
    `<div class="card"><h1>${e(heading)}</h1><p role="status">${e(text)}</p>
${input.event ? eventDetails(input.event) : ''}
<p><a href="${input.event ? e(itemPaths.event(input.event.slug)) : `${pagePaths.inicio}#Eventos`}">Volver al evento</a></p></div>`,
  );
}

/** The sign-up form again, after a post without script was refused: the values and the messages. */
export function refusedPage(input: {
  event?: Event;
  message: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
  open: boolean;
}) {
  const { event, fields = {}, values = {} } = input;
  const field = (name: string, label: string, type: string, autocomplete: string) => {
    const error = fields[name];
    return `<label for="registro-${name}">${label}</label>
<input id="registro-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" required value="${e(values[name] ?? '')}"${error ? ` aria-invalid="true" aria-describedby="registro-${name}-error"` : ''}>
${error ? `<p class="field-error" id="registro-${name}-error">${e(error)}</p>` : ''}`;
  };
  const form =
    event && input.open
      ? `<form method="post" action="${e(registrationPaths.send(event.id))}" novalidate>
${field('fullName', 'Nombre completo', 'text', 'name')}
${field('email', 'Correo electrónico', 'email', 'email')}
<p class="check"><input id="registro-newsletter" name="newsletter" type="checkbox"${values.newsletter === 'on' ? ' checked' : ''}><label for="registro-newsletter">${e(registrationMessages.newsletterOptIn)}</label></p>
<div class="hidden" aria-hidden="true"><label for="registro-website">No llenes este campo</label><input id="registro-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<p class="note">Aviso de privacidad simplificado: ${e(organisation.name)} usa tus datos para registrarte en el evento y enviarte la confirmación y un recordatorio. Consulta el <a href="${pagePaths.avisoPrivacidad}">aviso de privacidad integral</a>.</p>
<button type="submit">Registrarme</button>
</form>`
      : '';
  return page(
    'Registro al evento',
    `<div class="card"><h1>Registro${event ? `: ${e(event.name)}` : ''}</h1>
<p class="message" role="alert">${e(input.message)}</p>
${event ? eventDetails(event) : ''}
${form}
${event ? `<p><a href="${e(itemPaths.event(event.slug))}">Volver al evento</a></p>` : ''}</div>`,
  );
}

/** The check-in page an admin opens from the QR code. */
export function checkInPage(input: {
  event: Event;
  row: RegistrationRow;
  justNow?: boolean;
  already?: boolean;
}): string {
  const { event, row } = input;
  const at = row.checked_in_at ? clock.wallTime(row.checked_in_at) : undefined;
  const hhmm = at ? `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}` : '';
  let action: string;
  if (row.status !== 'confirmed') {
    action = `<p class="message" role="alert">Este registro no está confirmado (${e(STATUS_TEXT[row.status].toLowerCase())}): no tiene lugar en el evento.</p>`;
  } else if (row.checked_in_at) {
    action = `${input.already ? '<p class="message" role="alert">Esta asistencia ya estaba registrada.</p>' : ''}
<p class="status confirmed" role="status">Asistió a las ${hhmm}</p>`;
  } else {
    action = `<form method="post" action="/admin/asistencia/${e(row.id)}"><button type="submit">Registrar asistencia</button></form>`;
  }
  return page(
    'Asistencia',
    `<div class="card"><h1>Asistencia</h1>
<dl><dt>Nombre</dt><dd>${e(row.full_name)}</dd><dt>Correo</dt><dd>${e(row.email)}</dd></dl>
${eventDetails(event)}
${action}</div>`,
  );
}

export function checkInLoginPage(): string {
  return page(
    'Asistencia',
    `<div class="card"><h1>Asistencia</h1>
<p>Para registrar la asistencia, inicia sesión como administradora y vuelve a abrir este código.</p>
<p><a href="/admin">Iniciar sesión</a></p></div>`,
  );
}
