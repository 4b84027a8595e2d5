import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterSummarySchema } from '../../shared/admin-schemas.ts';
import { MembersSummarySchema } from '../../shared/member-schemas.ts';
import type { RegistrationFill } from '../../shared/registrations.ts';
import { fillText, listHref, memberFigures, nextOpenEvents } from './dashboard-figures.ts';
import { NewsletterCard } from './dashboard-newsletter.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serve(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The filter a figure's link hands to its list screen, as react-admin reads it. */
const filterOf = (href: string) =>
  JSON.parse(new URLSearchParams(href.split('?')[1]).get('filter') ?? '{}') as Record<string, unknown>;

describe("the summary's newsletter card", () => {
  // The answer as the contract (NewsletterSummarySchema) describes it: what the server will send.
  const summary = NewsletterSummarySchema.parse({
    active: 1204,
    joinedLast30Days: 37,
    leftLast30Days: 5,
    lastCampaign: {
      id: 'c1',
      subject: 'Boletín de noviembre',
      status: 'sent',
      total: 1190,
      sent: 1180,
      failed: 4,
      uncertain: 6,
      sendStartedAt: '2026-11-03T16:00:00.000Z',
    },
  });

  it('shows its figures from one request, each a link to the screen where it is acted on', async () => {
    const fetchMock = serve(() => json({ data: summary }));
    render(<NewsletterCard />);
    const subscribers = await screen.findByRole('list', { name: 'Suscriptoras del boletín' });
    const active = within(subscribers).getByRole('link', { name: '1204 activas' });
    expect(filterOf(active.getAttribute('href')!)).toEqual({ status: 'active' });
    expect(within(subscribers).getByRole('link', { name: '37 se suscribieron en 30 días' })).toBeVisible();
    const left = within(subscribers).getByRole('link', { name: '5 se dieron de baja en 30 días' });
    expect(filterOf(left.getAttribute('href')!)).toEqual({ status: 'unsubscribed' });

    expect(screen.getByRole('link', { name: 'Boletín de noviembre' })).toHaveAttribute(
      'href',
      '#/newsletter-campaigns/c1',
    );
    expect(screen.getByText('Enviado')).toBeVisible();
    const sending = screen.getByRole('list', { name: 'Envío del último boletín' });
    for (const name of ['1180 de 1190 enviados', '4 fallidos', '6 sin confirmar'])
      expect(within(sending).getByRole('link', { name })).toHaveAttribute(
        'href',
        '#/newsletter-campaigns/c1',
      );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/newsletter/summary', expect.anything());
  });

  it('says so when no campaign has been sent', async () => {
    serve(() => json({ data: { ...summary, lastCampaign: null } }));
    render(<NewsletterCard />);
    expect(await screen.findByText('Todavía no se ha enviado ningún boletín.')).toBeVisible();
  });

  it('stays quiet while the server has no newsletter summary (404)', async () => {
    serve(() => json({ error: { code: 'NOT_FOUND', message: 'No encontrado' } }, 404));
    render(<NewsletterCard />);
    expect(await screen.findByText('Este resumen no está disponible todavía.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('tells a failure apart from a missing summary', async () => {
    serve(() => json({ error: { code: 'INTERNAL', message: 'Error interno' } }, 500));
    render(<NewsletterCard />);
    expect(await screen.findByText('No se pudo cargar el boletín. Intenta de nuevo.')).toBeVisible();
  });
});

describe("the summary's figures", () => {
  it("open the members list with the filter each count was made with (the server's own)", () => {
    const figures = memberFigures(
      MembersSummarySchema.parse({ active: 40, endingIn30Days: 3, inGrace: 2, applications: 1 }),
    );
    expect(figures.map((figure) => [figure.count, figure.label, filterOf(figure.href)])).toEqual([
      [40, 'activas', { status: 'activa' }],
      [3, 'vencen en 30 días', { status: 'activa', endsWithinDays: 30 }],
      [2, 'en gracia', { status: 'en_gracia' }],
      [1, 'solicitud en revisión', { status: 'en_revision' }],
    ]);
    expect(figures.every((figure) => figure.href.startsWith('#/members?'))).toBe(true);
  });

  const fill = (eventId: string, eventDate: string, enabled = true): RegistrationFill => ({
    eventId,
    name: eventId,
    eventDate,
    enabled,
    capacity: 5,
    confirmed: 5,
    waitlisted: 3,
    checkedIn: 0,
  });

  it('list the next five events whose sign-up is open, soonest first', () => {
    const now = Date.parse('2099-01-01T00:00:00Z');
    const fills = [
      fill('pasado', '2098-12-31T23:00:00Z'),
      fill('cerrado', '2099-01-02T00:00:00Z', false),
      ...['f', 'b', 'e', 'a', 'c', 'd'].map((id, index) => fill(id, `2099-0${index + 2}-01T00:00:00Z`)),
    ];
    expect(nextOpenEvents(fills, now).map((open) => open.eventId)).toEqual(['f', 'b', 'e', 'a', 'c']);
    expect(fillText(fills[2]!)).toBe('5 de 5 confirmadas · 3 en espera');
    expect(fillText({ capacity: null, confirmed: 1, waitlisted: 0 })).toBe('1 confirmada · sin límite');
  });

  it('keep the order a list is asked for in its address', () => {
    const href = listHref('requests', { status: 'nueva' }, { field: 'createdAt', order: 'ASC' });
    const params = new URLSearchParams(href.split('?')[1]);
    expect([href.split('?')[0], params.get('sort'), params.get('order')]).toEqual([
      '#/requests',
      'createdAt',
      'ASC',
    ]);
  });
});
