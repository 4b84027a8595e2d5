import type { NewsletterSummary } from '../../shared/admin-schemas.ts';
import type { MembersSummary } from '../../shared/member-schemas.ts';
import type { RegistrationFill } from '../../shared/registrations.ts';

/**
 * What the summary's cards show, apart from how: each figure with its words and the screen where it can
 * be acted on, filtered as the figure says, so that the screen shows the same number.
 */

export interface Figure {
  count: number;
  /** The words after the number: "activas", "vencen en 30 días". */
  label: string;
  href: string;
}

/** A list screen's address with its filter (and order), as react-admin reads it from the URL. */
export function listHref(
  resource: string,
  filter: Record<string, unknown>,
  sort?: { field: string; order: 'ASC' | 'DESC' },
): string {
  const params = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (sort) {
    params.set('sort', sort.field);
    params.set('order', sort.order);
  }
  return `#/${resource}?${params.toString()}`;
}

/** An event's edit page, whose last part is its sign-ups. */
export const eventSignupsHref = (eventId: string) => `#/events/${encodeURIComponent(eventId)}`;

/** A campaign's page, with its counts. */
export const campaignHref = (campaignId: string) =>
  `#/newsletter-campaigns/${encodeURIComponent(campaignId)}`;

/** The events list showing every event with sign-up still to come. */
export const upcomingSignupsHref = listHref('events', { registration: 'con', when: 'upcoming' });

export const NEXT_EVENTS = 5;

/** The next events whose sign-up is open (on, not started yet), soonest first, up to five. */
export function nextOpenEvents(fills: RegistrationFill[], now = Date.now()): RegistrationFill[] {
  return fills
    .filter((fill) => fill.enabled && Date.parse(fill.eventDate) > now)
    .sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate))
    .slice(0, NEXT_EVENTS);
}

/** "3 de 5 confirmadas · 2 en espera", or "12 confirmadas · sin límite": as the event's screen counts. */
export function fillText(fill: Pick<RegistrationFill, 'capacity' | 'confirmed' | 'waitlisted'>): string {
  // Without a limit nobody waits.
  if (fill.capacity === null)
    return `${fill.confirmed} ${fill.confirmed === 1 ? 'confirmada' : 'confirmadas'} · sin límite`;
  return `${fill.confirmed} de ${fill.capacity} confirmadas · ${fill.waitlisted} en espera`;
}

/** The share of seats taken, 0 to 100 (a waitlist never makes it more than full). */
export const fillPercent = (fill: Pick<RegistrationFill, 'capacity' | 'confirmed'>) =>
  fill.capacity ? Math.min(100, Math.round((fill.confirmed / fill.capacity) * 100)) : 0;

const SUBSCRIBERS = 'newsletter-subscribers';

/**
 * The newsletter's figures. The subscribers list filters by state, not by date: the 30 days' figures
 * open the list of that state, newest first by its own order.
 */
export function newsletterFigures(summary: NewsletterSummary): Figure[] {
  return [
    { count: summary.active, label: 'activas', href: listHref(SUBSCRIBERS, { status: 'active' }) },
    {
      count: summary.joinedLast30Days,
      label: 'se suscribieron en 30 días',
      href: listHref(SUBSCRIBERS, { status: 'active' }),
    },
    {
      count: summary.leftLast30Days,
      label: 'se dieron de baja en 30 días',
      href: listHref(SUBSCRIBERS, { status: 'unsubscribed' }),
    },
  ];
}

export const CAMPAIGN_STATE_LABELS: Record<NonNullable<NewsletterSummary['lastCampaign']>['status'], string> =
  {
    draft: 'Borrador',
    queuing: 'Preparando el envío',
    sending: 'Enviando',
    sent: 'Enviado',
  };

/** The last campaign's counts, each opening the campaign's page where they are shown and acted on. */
export function campaignFigures(campaign: NonNullable<NewsletterSummary['lastCampaign']>): Figure[] {
  const href = campaignHref(campaign.id);
  return [
    { count: campaign.sent, label: `de ${campaign.total} enviados`, href },
    { count: campaign.failed, label: campaign.failed === 1 ? 'fallido' : 'fallidos', href },
    { count: campaign.uncertain, label: 'sin confirmar', href },
  ];
}

const MEMBERS = 'members';

/** The members' figures: each the members list with the filter its count was made with. */
export function memberFigures(summary: MembersSummary): Figure[] {
  return [
    { count: summary.active, label: 'activas', href: listHref(MEMBERS, { status: 'activa' }) },
    {
      count: summary.endingIn30Days,
      label: 'vencen en 30 días',
      href: listHref(MEMBERS, { status: 'activa', endsWithinDays: 30 }),
    },
    { count: summary.inGrace, label: 'en gracia', href: listHref(MEMBERS, { status: 'en_gracia' }) },
    {
      count: summary.applications,
      label: summary.applications === 1 ? 'solicitud en revisión' : 'solicitudes en revisión',
      href: listHref(MEMBERS, { status: 'en_revision' }),
    },
  ];
}

/** The inbox's new requests, as the summary counts them. */
export const newRequestsHref = listHref('requests', { status: 'nueva' });

/** The inbox's new requests, oldest first: those waiting longest come at the top. */
export const oldestRequestsHref = listHref(
  'requests',
  { status: 'nueva' },
  { field: 'createdAt', order: 'ASC' },
);
