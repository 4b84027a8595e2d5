import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../shared/schemas.ts';
import { CalendarDialog } from './calendar-dialog.tsx';

afterEach(cleanup);

const solarForum: Event = {
  id: 'e1',
  name: 'Foro de energía solar',
  location: 'Monterrey',
  date: '12 de marzo de 2026',
  eventDate: '2026-03-12T17:00:00Z',
  description: 'Un foro.',
  images: ['/demo/events/event-1.svg'],
  imageCover: ['/demo/events/event-1.svg'],
  linkEvent: 'https://example.org/foro',
  slug: 'foro-de-energia-solar',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 5, 12, 0, 0));
});
afterEach(() => vi.useRealTimers());

describe('CalendarDialog', () => {
  it('shows the current month as a table with Sunday-first column headers', () => {
    render(<CalendarDialog open onClose={() => {}} events={[solarForum]} />);
    expect(screen.getByRole('dialog', { name: 'Próximos eventos en 2026' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Mes' })).toHaveValue('3');
    const table = screen.getByRole('table', { name: 'Calendario de Marzo de 2026' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers[0]).toContain('Domingo');
    expect(headers[6]).toContain('Sábado');
    expect(headers).toHaveLength(7);
  });

  it('opens the event dialog when Enter is pressed on a day with an event', async () => {
    const user = userEvent.setup();
    render(<CalendarDialog open onClose={() => {}} events={[solarForum]} />);
    const day = screen.getByRole('link', { name: 'Foro de energía solar, 12 de marzo' });
    day.focus();
    await user.keyboard('{Enter}');
    const details = screen.getByRole('dialog', { name: 'Foro de energía solar' });
    expect(within(details).getByText('Monterrey, 12 de marzo de 2026')).toBeInTheDocument();
    const link = within(details).getByRole('link', { name: /Visita el sitio/ });
    expect(link).toHaveAttribute('href', 'https://example.org/foro');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('a day of two events says so, names both, and opens each from its list', async () => {
    const user = userEvent.setup();
    const workshop: Event = {
      ...solarForum,
      id: 'e2',
      name: 'Taller de baterías',
      location: 'Puebla',
      date: '12 de marzo de 2026, 09:00 h',
      eventDate: '2026-03-12T15:00:00Z',
      images: ['/demo/events/event-2.svg'],
      linkEvent: 'https://example.org/taller',
      slug: 'taller-de-baterias',
    };
    render(<CalendarDialog open onClose={() => {}} events={[solarForum, workshop]} />);
    // The earlier one first: the workshop at 09:00, the forum at 11:00 (Mexico City).
    const day = screen.getByRole('button', {
      name: '2 eventos, 12 de marzo: Taller de baterías; Foro de energía solar',
    });
    expect(day).toHaveTextContent('2 eventos 12');
    expect(day.getAttribute('style')).toContain('event-2.svg');
    expect(screen.queryByRole('link', { name: /12 de marzo/ })).not.toBeInTheDocument();
    day.focus();
    await user.keyboard('{Enter}');
    const list = screen.getByRole('dialog', { name: 'Eventos del 12 de marzo' });
    const entries = within(list).getAllByRole('link');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Taller de baterías09:00 h · Puebla',
      'Foro de energía solar11:00 h · Monterrey',
    ]);
    expect(entries[0]).toHaveAttribute('href', '/Eventos/taller-de-baterias');
    await user.click(entries[1]!);
    const forum = screen.getByRole('dialog', { name: 'Foro de energía solar' });
    expect(within(forum).getByText('Monterrey, 12 de marzo de 2026')).toBeInTheDocument();
    // The list stays behind the event's dialog, for the other one.
    await user.click(within(forum).getByRole('button', { name: 'Cerrar' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Eventos del 12 de marzo' })).getAllByRole('link')[0]!,
    );
    expect(screen.getByRole('dialog', { name: 'Taller de baterías' })).toBeInTheDocument();
  });

  it('reaches the next year, so that December shows January', async () => {
    vi.setSystemTime(new Date(2026, 11, 30, 12, 0, 0));
    const user = userEvent.setup();
    const january: Event = { ...solarForum, eventDate: '2027-01-08T17:00:00Z' };
    render(<CalendarDialog open onClose={() => {}} events={[january]} />);
    expect(screen.getByRole('combobox', { name: 'Año' })).toHaveValue('2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Año' }), '2027');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '1');
    expect(screen.getByRole('dialog', { name: 'Próximos eventos en 2027' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Foro de energía solar, 8 de enero' })).toBeInTheDocument();
  });

  it('regenerates the grid when another month is chosen', async () => {
    const user = userEvent.setup();
    render(<CalendarDialog open onClose={() => {}} events={[solarForum]} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '4');
    expect(screen.getByRole('table', { name: 'Calendario de Abril de 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Foro de energía solar/ })).not.toBeInTheDocument();
  });
});
