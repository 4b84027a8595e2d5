import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Event } from '../../../shared/schemas.ts';
import { EventsTeaser, pickEvent } from './events-teaser.tsx';

afterEach(cleanup);

const longText = 'Energía limpia para todas. '.repeat(20);

const event: Event = {
  id: 'e1',
  name: 'Encuentro',
  location: 'Guadalajara',
  date: '1 de junio',
  eventDate: '2026-06-01T15:00:00Z',
  description: longText,
  images: ['/demo/events/event-2.svg'],
  imageCover: ['/demo/events/event-3.svg'],
  linkEvent: 'https://example.org',
  slug: 'encuentro',
};

describe('excerpts', () => {
  it('cuts the event description to 200 characters plus "..."', () => {
    render(<EventsTeaser events={[event]} loading={false} onSignUp={() => {}} />);
    const expected = `${longText.slice(0, 200)}...`;
    expect(
      screen.getByText((_, node) => node?.textContent === expected && node.tagName === 'P'),
    ).toBeInTheDocument();
    expect(document.querySelector('img')).toHaveAttribute('src', '/demo/events/event-3.svg');
  });

  it('renders nothing while loading or without events', () => {
    const { container, rerender } = render(<EventsTeaser events={undefined} loading onSignUp={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<EventsTeaser events={[]} loading={false} onSignUp={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('picks one event from the list', () => {
    const events = [event, { ...event, id: 'e2' }, { ...event, id: 'e3' }];
    expect(pickEvent(events, 0)?.id).toBe('e1');
    expect(pickEvent(events, 0.5)?.id).toBe('e2');
    expect(pickEvent(events, 0.999)?.id).toBe('e3');
    expect(pickEvent([], 0.3)).toBeUndefined();
  });
});
