import sanitizeHtml from 'sanitize-html';
import { newsletterLinks } from '../../shared/newsletter-paths.ts';
import { organisation } from '../../shared/organisation.ts';
import type { OutboxMessage } from '../mail/outbox.repository.ts';
import { escapeHtml } from '../lib/html.ts';

/** Where the site is, for the links in the mails (the public SITE_URL). */
export interface SiteAddress {
  siteUrl: string;
}

/** What the newsletter's mails need of the app's settings: the links' site and the sender. */
export interface MailSettings extends SiteAddress {
  mailFrom: string;
}

/** The outbox purposes of the newsletter's mails. */
export const CONFIRMATION_PURPOSE = 'newsletter-confirm';
export const CAMPAIGN_PURPOSE = 'newsletter';

const absolute = (site: SiteAddress, path: string) => `${site.siteUrl.replace(/\/$/, '')}${path}`;

/**
 * The mail that asks a new address to confirm: its only link is the confirmation page's. Whoever typed
 * the address may not own it, so the mail repeats nothing they typed (not the name, nothing else): only
 * the association's own words reach an address that has not confirmed it.
 */
export function confirmationMail(
  site: SiteAddress,
  token: string,
): Pick<OutboxMessage, 'subject' | 'text' | 'html'> {
  const url = absolute(site, newsletterLinks.confirm(token));
  const text = [
    'Hola:',
    '',
    `Recibimos una solicitud para suscribir esta dirección al boletín de ${organisation.name}.`,
    'Para confirmarla, abre este enlace y pulsa «Confirmar suscripción»:',
    '',
    url,
    '',
    'Si no fuiste tú, ignora este mensaje: no te enviaremos nada más y la solicitud se borrará en 30 días.',
  ].join('\n');
  const html = `<!doctype html><html lang="es-MX"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f2933">
<p>Hola:</p>
<p>Recibimos una solicitud para suscribir esta dirección al boletín de ${escapeHtml(organisation.name)}.</p>
<p><a href="${escapeHtml(url)}">Confirmar suscripción</a></p>
<p>Si no fuiste tú, ignora este mensaje: no te enviaremos nada más y la solicitud se borrará en 30 días.</p>
</body></html>`;
  return { subject: `Confirma tu suscripción al boletín de ${organisation.name}`, text, html };
}

/** A campaign's HTML as plain text: paragraphs apart, list items marked, links written out. */
export function htmlToText(html: string): string {
  // Structure first (breaks, items, links), then the tags go, then the entities.
  const structured = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) =>
      label.replace(/<[^>]+>/g, '').trim() === href ? href : `${label} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|h[1-6]|ul|ol|blockquote|figure|div)>/gi, '\n\n')
    .replace(/<hr[^>]*>/gi, '\n----\n');
  const stripped = sanitizeHtml(structured, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(stripped)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return named[name.toLowerCase()] ?? whole;
  });
}

/** What a campaign's mails share, worked out once per campaign rather than once per subscriber. */
export interface CampaignContent {
  subject: string;
  html: string;
  text: string;
}

export const campaignContent = (subject: string, html: string): CampaignContent => ({
  subject,
  html,
  text: htmlToText(html),
});

/** The List-Id of the newsletter, named after the site's host. */
export const listId = (site: SiteAddress) => `Boletin <boletin.${new URL(site.siteUrl).hostname}>`;

/**
 * One subscriber's copy of a campaign: HTML and text, with a visible "Darte de baja" link and the
 * RFC 8058 headers, both carrying this message's own unsubscribe token.
 */
export function campaignMail(
  site: SiteAddress,
  content: CampaignContent,
  unsubscribeToken: string,
): Pick<OutboxMessage, 'subject' | 'text' | 'html' | 'headers'> {
  const url = absolute(site, newsletterLinks.unsubscribe(unsubscribeToken));
  const safeUrl = escapeHtml(url);
  const html = `<!doctype html><html lang="es-MX"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1f2933;max-width:640px;margin:0 auto;padding:16px">
${content.html}
<hr style="border:0;border-top:1px solid #d0d5dd;margin:32px 0 16px">
<p style="font-size:13px;color:#4b5563">Recibes este boletín porque te suscribiste en el sitio de ${escapeHtml(organisation.name)}. <a href="${safeUrl}">Darte de baja</a></p>
</body></html>`;
  const text = `${content.text}\n\n--\nRecibes este boletín porque te suscribiste en el sitio de ${organisation.name}.\nDarte de baja: ${url}\n`;
  return {
    subject: content.subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': listId(site),
    },
  };
}
