import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clock } from '../../shared/clock.ts';
import { messages } from '../../shared/messages.ts';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { testDialects } from '../test/databases.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { listingBuild } from '../test/listing-build.ts';
import { referencedFiles } from '../uploads/uploads.repository.ts';

const newsInput = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  address: 'CDMX',
  description: '<p>Texto</p>',
  images: [],
  ...extra,
});
const eventInput = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  location: 'Ciudad de México',
  date: '8 de marzo de 2099, 11:00 h',
  eventDate: '2099-03-08T11:00:00-06:00',
  description: 'Un taller.',
  images: [],
  imageCover: [],
  linkEvent: 'https://example.org/taller',
  ...extra,
});

describe.each(testDialects)('drafts and scheduled entries on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  let visitor: Browser;
  /** The app's clock, moved by the tests. */
  let now = new Date('2027-01-10T15:00:00.000Z');
  const at = (iso: string) => {
    now = new Date(iso);
  };
  beforeAll(async () => {
    t = await createTestApp(dialect, { webDist: listingBuild(), now: () => now });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
    visitor = new Browser(t.app);
  });
  afterAll(async () => t.close());
  beforeEach(() => at('2027-01-10T15:00:00.000Z'));

  const names = async (resource: 'events' | 'news') =>
    ((await visitor.request('GET', `/api/${resource}/get-all`)).json().data as { name: string }[]).map(
      (entry) => entry.name,
    );
  const create = async (resource: 'events' | 'news', data: Record<string, unknown>) => {
    const response = await admin.request('POST', `/api/${resource}/create`, {
      [resource === 'events' ? 'event' : 'news']: data,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; slug: string; status: string; publishAt: string | null };
  };
  const adminItem = async (resource: 'events' | 'news', id: string) =>
    (await admin.request('GET', `/api/admin/content/${resource}/${id}`)).json().data;

  it('refuses a scheduled entry without its time, and states it does not know, with field messages', async () => {
    const scheduled = await admin.request('POST', '/api/news/create', {
      news: newsInput('Sin hora', { status: 'scheduled' }),
    });
    expect(scheduled.statusCode).toBe(400);
    expect(scheduled.json().error.fields).toEqual({ publishAt: messages.publishAtRequired });
    const unknown = await admin.request('POST', '/api/events/create', {
      event: eventInput('Raro', { status: 'hidden' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.status).toBe(messages.publicationStatus);
    const noOffset = await admin.request('POST', '/api/news/create', {
      news: newsInput('Sin zona', { status: 'scheduled', publishAt: '2027-02-01T09:00:00' }),
    });
    expect(noOffset.statusCode).toBe(400);
    expect(noOffset.json().error.fields.publishAt).toBe(messages.isoDate);
  });

  it('keeps a draft news item off every public answer, and shows it to the admin', async () => {
    const draft = await create('news', newsInput('Borrador secreto', { status: 'draft' }));
    expect(draft).toMatchObject({ status: 'draft', publishAt: null, publishedAt: null });
    expect(await names('news')).not.toContain('Borrador secreto');
    for (const browser of [visitor, admin]) {
      expect((await browser.request('GET', `/api/news/get-by-id/${draft.id}`)).statusCode).toBe(404);
    }
    const page = await t.app.inject(`/Noticias/${draft.slug}`);
    expect(page.statusCode).toBe(302);
    expect((await t.app.inject(`/Noticias/${draft.id}`)).statusCode).toBe(302);
    expect((await t.app.inject('/sitemap.xml')).body).not.toContain(draft.slug);
    expect((await t.app.inject('/Inicio')).body).not.toContain('Borrador secreto');

    const list = (await admin.request('GET', '/api/admin/content/news')).json().data as {
      id: string;
      status: string;
    }[];
    expect(list.find((item) => item.id === draft.id)?.status).toBe('draft');
    expect((await visitor.request('GET', '/api/admin/content/news')).statusCode).toBe(401);
    expect((await visitor.request('GET', `/api/admin/content/news/${draft.id}`)).statusCode).toBe(401);

    // Published later: public from then on, dated then; an edit keeps that date.
    at('2027-01-11T10:00:00.000Z');
    const published = await admin.request('PUT', '/api/news/update', {
      newsId: draft.id,
      newsData: newsInput('Borrador secreto', { status: 'published' }),
    });
    expect(published.json().data).toMatchObject({
      status: 'published',
      publishedAt: '2027-01-11T10:00:00.000Z',
    });
    at('2027-01-12T10:00:00.000Z');
    await admin.request('PUT', '/api/news/update', {
      newsId: draft.id,
      newsData: newsInput('Borrador ya público', { status: 'published' }),
    });
    const publicItem = (await visitor.request('GET', `/api/news/get-by-id/${draft.id}`)).json().data;
    expect(publicItem).toMatchObject({
      name: 'Borrador ya público',
      publishedAt: '2027-01-11T10:00:00.000Z',
    });
    expect(publicItem).not.toHaveProperty('status');
    expect((await t.app.inject(`/Noticias/${draft.slug}`)).statusCode).toBe(200);
  });

  it('publishes a scheduled news item by the clock alone, on its page, lists, sitemap and pages', async () => {
    expect((await t.app.inject('/Inicio')).body).not.toContain('Anuncio del lunes');
    const item = await create(
      'news',
      newsInput('Anuncio del lunes', { status: 'scheduled', publishAt: '2027-01-11T09:00:00-06:00' }),
    );
    expect(item).toMatchObject({ status: 'scheduled', publishAt: '2027-01-11T15:00:00.000Z' });
    // Cached before its time: the list, the home page.
    expect(await names('news')).not.toContain('Anuncio del lunes');
    expect((await t.app.inject('/Inicio')).body).not.toContain('Anuncio del lunes');
    expect((await visitor.request('GET', `/api/news/get-by-id/${item.id}`)).statusCode).toBe(404);

    at('2027-01-11T14:59:59.999Z');
    await t.app.publishing.check();
    expect(await names('news')).not.toContain('Anuncio del lunes');
    expect((await t.app.inject(`/Noticias/${item.slug}`)).statusCode).toBe(302);

    at('2027-01-11T15:00:00.000Z');
    await t.app.publishing.check();
    expect(await names('news')).toContain('Anuncio del lunes');
    expect((await t.app.inject('/Inicio')).body).toContain('Anuncio del lunes');
    expect((await t.app.inject('/sitemap.xml')).body).toContain(`/Noticias/${item.slug}`);
    const page = await t.app.inject(`/Noticias/${item.slug}`);
    expect(page.statusCode).toBe(200);
    const publicItem = (await visitor.request('GET', `/api/news/get-by-id/${item.id}`)).json().data;
    expect(publicItem.publishedAt).toBe('2027-01-11T15:00:00.000Z');
    // The admin reads it as published now, dated its time.
    expect(await adminItem('news', item.id)).toMatchObject({
      status: 'published',
      publishedAt: '2027-01-11T15:00:00.000Z',
    });
    // Newest first by the time they became public.
    expect((await names('news'))[0]).toBe('Anuncio del lunes');
  });

  it('keeps a draft event off the lists, the calendars and sign-up', async () => {
    const draft = await create(
      'events',
      eventInput('Taller en borrador', { status: 'draft', registration: { enabled: true, capacity: null } }),
    );
    expect(await names('events')).not.toContain('Taller en borrador');
    expect((await t.app.inject('/api/events/calendar.ics')).body).not.toContain('Taller en borrador');
    expect((await t.app.inject(`/api/events/calendar/${draft.id}.ics`)).statusCode).toBe(404);
    expect((await t.app.inject(`/Eventos/${draft.slug}`)).statusCode).toBe(302);
    const signUp = await visitor.request('POST', registrationPaths.api(draft.id), {
      data: { fullName: 'Ana', email: 'ana@example.org' },
    });
    expect(signUp.statusCode).toBe(404);
    const form = await t.app.inject({
      method: 'POST',
      url: registrationPaths.send(draft.id),
      headers: { origin: 'https://sitio.example.org', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'fullName=Ana&email=ana%40example.org',
    });
    expect(form.statusCode).toBe(404);
    const count = await t.app.db
      .selectFrom('registrations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('event_id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);

    // Published, the same sign-up goes through.
    await admin.request('PUT', '/api/events/update', {
      eventId: draft.id,
      eventData: eventInput('Taller en borrador', { registration: { enabled: true, capacity: null } }),
    });
    expect((await t.app.inject('/api/events/calendar.ics')).body).toContain('Taller en borrador');
    const open = await visitor.request('POST', registrationPaths.api(draft.id), {
      data: { fullName: 'Ana', email: 'ana@example.org' },
    });
    expect(open.statusCode).toBe(201);
  });

  it('opens sign-up for a scheduled event at its time, not before', async () => {
    const event = await create(
      'events',
      eventInput('Taller programado', {
        status: 'scheduled',
        publishAt: '2027-01-12T09:00:00-06:00',
        registration: { enabled: true, capacity: null },
      }),
    );
    const signUp = (email: string) =>
      visitor.request('POST', registrationPaths.api(event.id), { data: { fullName: 'Ana', email } });
    at('2027-01-12T14:59:59.999Z');
    expect((await signUp('antes@example.org')).statusCode).toBe(404);
    at('2027-01-12T15:00:00.000Z');
    expect((await signUp('a-tiempo@example.org')).statusCode).toBe(201);
    expect((await signUp('nadie@example.org')).statusCode).toBe(201);
    expect(
      (
        await visitor.request('POST', registrationPaths.api('nope'), {
          data: { fullName: 'Ana', email: 'ana@example.org' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('previews an entry in any state for the admin only, with a banner and for no search engine', async () => {
    const draft = await create('news', newsInput('Nota en preparación', { status: 'draft' }));
    const preview = await admin.request('GET', `/api/admin/content/news/${draft.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('text/html');
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.headers['cache-control']).toBe('no-store');
    // A page's security headers: its stylesheets and images may load (the API's allow nothing).
    expect(preview.headers['content-security-policy']).toBe(
      (await t.app.inject('/Inicio')).headers['content-security-policy'],
    );
    expect(preview.headers['content-security-policy']).toContain("img-src 'self'");
    expect(preview.body).toContain('Vista previa: esta página aún no es pública');
    expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(preview.body).toContain(`<p>/Noticias/${draft.slug}</p>`);
    expect(preview.body).toContain('<li>Nota en preparación</li>');
    expect(preview.body).toContain('application/ld+json');
    expect(preview.body).not.toContain('type="module"');
    // Still nowhere public.
    expect((await t.app.inject('/Inicio')).body).not.toContain('Nota en preparación');
    expect((await visitor.request('GET', `/api/admin/content/news/${draft.id}/preview`)).statusCode).toBe(
      401,
    );
    expect((await admin.request('GET', '/api/admin/content/news/nope/preview')).statusCode).toBe(404);

    const event = await create(
      'events',
      eventInput('Foro programado', { status: 'scheduled', publishAt: '2027-02-01T09:00:00-06:00' }),
    );
    const eventPreview = await admin.request('GET', `/api/admin/content/events/${event.id}/preview`);
    expect(eventPreview.body).toContain(
      `Se publicará el ${clock.formatLong('2027-02-01T15:00:00.000Z')}`.replace(/&/g, '&amp;'),
    );
    expect(eventPreview.body).toContain('<li>Foro programado</li>');
  });

  it('counts the images of drafts and scheduled entries as in use, so no clean-up removes them', async () => {
    const draftImage = '/uploads/0123456789abcdef0123-960.webp';
    const laterImage = '/uploads/fedcba9876543210fedc-960.webp';
    await create('news', newsInput('Con imagen en borrador', { status: 'draft', images: [draftImage] }));
    await create(
      'events',
      eventInput('Con portada programada', {
        status: 'scheduled',
        publishAt: '2099-01-01T00:00:00Z',
        imageCover: [laterImage],
      }),
    );
    const inUse = await referencedFiles(t.app.db);
    expect(inUse).toContain('0123456789abcdef0123-960.webp');
    expect(inUse).toContain('fedcba9876543210fedc-960.webp');
  });

  it('deletes drafts and scheduled entries like any other', async () => {
    const draft = await create('news', newsInput('Para borrar', { status: 'draft' }));
    const event = await create(
      'events',
      eventInput('Evento para borrar', { status: 'scheduled', publishAt: '2099-01-01T00:00:00Z' }),
    );
    expect((await admin.request('DELETE', `/api/news/delete/${draft.id}`)).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/events/delete/${event.id}`)).statusCode).toBe(200);
    expect((await admin.request('GET', `/api/admin/content/news/${draft.id}`)).statusCode).toBe(404);
    expect((await admin.request('GET', `/api/admin/content/events/${event.id}`)).statusCode).toBe(404);
  });
});

describe.each(testDialects)('a time scheduled across a daylight-saving change, on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  const zone = process.env.TZ;
  let now = new Date('2027-03-13T12:00:00.000Z');
  beforeAll(async () => {
    // The server's own zone changes its clocks on these dates; the association's (Mexico City) does not.
    process.env.TZ = 'America/New_York';
    t = await createTestApp(dialect, { now: () => now });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  afterEach(() => {
    now = new Date('2027-03-13T12:00:00.000Z');
  });

  it.each([
    // The United States move their clocks forward on 14 March 2027 at 02:00, Europe on 28 March at 01:00 UTC.
    ['New York', '2027-03-14T02:30:00-06:00', '2027-03-14T08:30:00.000Z'],
    ['Berlin', '2027-03-28T01:30:00-06:00', '2027-03-28T07:30:00.000Z'],
  ])('appears at the exact instant given (the %s change)', async (_name, publishAt, instant) => {
    expect(new Date().getTimezoneOffset()).not.toBe(0);
    const created = await admin.request('POST', '/api/news/create', {
      news: newsInput(`Aviso ${publishAt}`, { status: 'scheduled', publishAt }),
    });
    expect(created.json().data.publishAt).toBe(instant);
    // The admin's form reads its date-time input on Mexico City's clock, whatever the server's zone.
    expect(clock.fromInputValue(publishAt.slice(0, 16))).toBe(instant);
    const visible = async () =>
      ((await t.app.inject('/api/news/get-all')).json().data as { name: string }[]).some(
        (item) => item.name === `Aviso ${publishAt}`,
      );
    now = new Date(Date.parse(instant) - 1);
    await t.app.publishing.check();
    expect(await visible()).toBe(false);
    now = new Date(instant);
    await t.app.publishing.check();
    expect(await visible()).toBe(true);
  });
});
