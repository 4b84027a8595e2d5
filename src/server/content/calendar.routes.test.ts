import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleCalendarUrl } from '../../shared/calendar-links.ts';
import { clock } from '../../shared/clock.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';

const base = {
  location: 'Oaxaca, Oax.',
  date: 'fecha',
  images: [],
  imageCover: [],
  linkEvent: 'https://example.org/evento',
};

describe('calendar export', () => {
  let t: TestApp;
  let admin: Browser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    admin = new Browser(t.app);
    await admin.login();
    const create = async (key: string, event: Record<string, unknown>) => {
      const response = await admin.request('POST', '/api/events/create', { event: { ...base, ...event } });
      ids[key] = response.json().data.id;
    };
    await create('future', {
      name: 'Taller, solar; y eólico',
      eventDate: '2099-03-08T11:30:00-06:00',
      description: 'Primera línea\nSegunda línea, con coma',
    });
    await create('past', { name: 'Ya pasó', eventDate: '2001-01-01T10:00:00Z', description: 'x' });
    // Upcoming means "until its day ends in Mexico City": today's first minute is still listed (even
    // though it ended hours ago), yesterday's last one is not.
    const today = clock.today();
    await create('today', {
      name: 'Hoy temprano',
      eventDate: clock.startOfDay(today).toISOString(),
      description: 'x',
    });
    await create('yesterday', {
      name: 'Ayer por la noche',
      eventDate: new Date(clock.startOfDay(today).getTime() - 60_000).toISOString(),
      description: 'x',
    });
  });
  afterAll(async () => t.close());

  const parse = (text: string) =>
    Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => item?.type === 'VEVENT');

  it('serves a feed of upcoming events that a parser reads back exactly', async () => {
    const response = await t.app.inject('/api/events/calendar.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    const events = parse(response.body);
    expect(events.map((e) => e.summary).sort()).toEqual(['Hoy temprano', 'Taller, solar; y eólico']);
    const event = events.find((e) => e.summary === 'Taller, solar; y eólico');
    expect(event!.summary).toBe('Taller, solar; y eólico');
    expect(event!.uid).toBe(`${ids.future}@sitio.example.org`);
    expect(event!.start.toISOString()).toBe('2099-03-08T17:30:00.000Z');
    expect(event!.end?.toISOString()).toBe('2099-03-08T19:30:00.000Z');
    expect(event!.location).toBe('Oaxaca, Oax.');
    expect(String(event!.description)).toContain('Primera línea\nSegunda línea, con coma');
    // Commas, semicolons and new lines are escaped in the raw text.
    expect(response.body).toContain('SUMMARY:Taller\\, solar\\; y eólico');
    // Times in UTC, so no calendar needs a VTIMEZONE to read them.
    expect(response.body).toContain('DTSTART:20990308T173000Z');
    expect(response.body).not.toContain('TZID');
  });

  it('keeps UIDs stable between downloads', async () => {
    const first = parse((await t.app.inject('/api/events/calendar.ics')).body);
    const second = parse((await t.app.inject('/api/events/calendar.ics')).body);
    expect(first.map((e) => e.uid)).toEqual(second.map((e) => e.uid));
  });

  it('serves one event as a download, and 404 for an unknown one', async () => {
    const response = await t.app.inject(`/api/events/calendar/${ids.past}.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(parse(response.body).map((e) => e.summary)).toEqual(['Ya pasó']);
    expect((await t.app.inject('/api/events/calendar/nope.ics')).statusCode).toBe(404);
  });

  it('builds a Google Calendar link with the UTC dates', () => {
    const url = new URL(
      googleCalendarUrl({
        name: 'Taller',
        eventDate: '2099-03-08T17:30:00.000Z',
        location: 'CDMX',
        description: 'Hola',
        linkEvent: 'https://example.org',
      }),
    );
    expect(url.origin).toBe('https://calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20990308T173000Z/20990308T193000Z');
    expect(url.searchParams.get('text')).toBe('Taller');
    expect(url.searchParams.get('location')).toBe('CDMX');
  });
});

describe('robots and sitemap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('lists every page with absolute URLs', async () => {
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    for (const path of ['/Inicio', '/Membresias', '/Socias', '/Aportaciones', '/AvisoDePrivacidad']) {
      expect(sitemap.body).toContain(`<loc>https://sitio.example.org${path}</loc>`);
    }
    const robots = await t.app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://sitio.example.org/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});
