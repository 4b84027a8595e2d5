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

  it('regenerates the grid when another month is chosen', async () => {
    const user = userEvent.setup();
    render(<CalendarDialog open onClose={() => {}} events={[solarForum]} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mes' }), '4');
    expect(screen.getByRole('table', { name: 'Calendario de Abril de 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Foro de energía solar/ })).not.toBeInTheDocument();
  });
});
