import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadKeys, type Resource } from '../../shared/api-paths.ts';
import { messages } from '../../shared/messages.ts';
import { testDialects } from '../test/databases.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';

const samples: Record<Resource, { create: Record<string, unknown>; update: Record<string, unknown> }> = {
  events: {
    create: {
      name: 'Taller de energía solar',
      location: 'Ciudad de México',
      date: '8 de marzo de 2027, 11:00 h',
      eventDate: '2027-03-08T11:00:00-06:00',
      description: 'Un taller práctico.',
      images: ['/demo/events/event-1.svg'],
      imageCover: ['/demo/events/event-1.svg'],
      linkEvent: 'https://example.org/taller',
    },
    update: {
      name: 'Taller de energía solar (cupo lleno)',
      location: 'Guadalajara',
      date: '9 de marzo de 2027, 11:00 h',
      eventDate: '2027-03-09T17:00:00Z',
      description: 'Cambió de sede.',
      images: ['https://example.org/a.webp'],
      imageCover: [],
      linkEvent: 'https://example.org/taller-2',
    },
  },
  news: {
    create: {
      name: 'Noticia',
      address: 'CDMX',
      description: '<p>Hola <strong>mundo</strong></p>',
      images: [],
    },
    update: {
      name: 'Noticia editada',
      address: 'Mérida',
      description: '<p>Editada</p>',
      images: ['/demo/news/news-1.svg'],
    },
  },
  partners: {
    create: {
      name: 'Ana Pérez',
      job: 'Ingeniera',
      images: ['/demo/partners/partner-1.svg'],
      link: 'https://www.linkedin.com/in/ana',
    },
    update: { name: 'Ana Pérez Ruiz', job: 'Directora', images: [] },
  },
};

describe.each(testDialects)('content API on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  describe.each(['events', 'news', 'partners'] as const)('%s', (resource) => {
    const keys = payloadKeys[resource];
    const sample = samples[resource];

    it('goes through create → get → update → list → delete with the spec payload names', async () => {
      const created = await admin.request('POST', `/api/${resource}/create`, {
        [keys.createKey]: sample.create,
      });
      expect(created.statusCode).toBe(201);
      const entity = created.json().data;
      expect(entity.id).toEqual(expect.any(String));
      expect(entity.name).toBe(sample.create.name);

      // The admin's answer carries the entry's state (events and news); the public one never does.
      const { status, publishAt, publishedAt, ...publicEntity } = entity;
      if (resource !== 'partners')
        expect({ status, publishAt }).toEqual({ status: 'published', publishAt: null });
      const fetched = await admin.request('GET', `/api/${resource}/get-by-id/${entity.id}`);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.json().data).toEqual(
        resource === 'news' ? { ...publicEntity, publishedAt } : publicEntity,
      );

      const updated = await admin.request('PUT', `/api/${resource}/update`, {
        [keys.idKey]: entity.id,
        [keys.dataKey]: sample.update,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data.name).toBe(sample.update.name);

      const list = await admin.request('GET', `/api/${resource}/get-all`);
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toContainEqual(
        expect.objectContaining({ id: entity.id, name: sample.update.name }),
      );
      expect(list.json().data.find((item: { id: string }) => item.id === entity.id)).not.toHaveProperty(
        'status',
      );

      const removed = await admin.request('DELETE', `/api/${resource}/delete/${entity.id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ data: { id: entity.id } });
      expect((await admin.request('GET', `/api/${resource}/get-by-id/${entity.id}`)).statusCode).toBe(404);
    });

    it('answers 404 with the error shape for an unknown id', async () => {
      for (const response of [
        await admin.request('GET', `/api/${resource}/get-by-id/nope`),
        await admin.request('DELETE', `/api/${resource}/delete/nope`),
        await admin.request('PUT', `/api/${resource}/update`, {
          [keys.idKey]: 'nope',
          [keys.dataKey]: sample.create,
        }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      }
    });

    it('refuses writes without an admin session (401) and without a CSRF token (403)', async () => {
      const visitor = new Browser(t.app);
      const noSession = await visitor.request('POST', `/api/${resource}/create`, {
        [keys.createKey]: sample.create,
      });
      expect(noSession.statusCode).toBe(401);
      expect(noSession.json().error.code).toBe('UNAUTHORIZED');
      expect((await visitor.request('DELETE', `/api/${resource}/delete/x`)).statusCode).toBe(401);
      // Authentication comes before validation: a visitor learns nothing about the schema.
      const invalid = await visitor.request('PUT', `/api/${resource}/update`, { nonsense: true });
      expect(invalid.statusCode).toBe(401);

      const noToken = await t.app.inject({
        method: 'POST',
        url: `/api/${resource}/create`,
        headers: {
          cookie: Object.entries(admin.jar)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        },
        payload: { [keys.createKey]: sample.create },
      });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().error.code).toBe('CSRF_INVALID');

      const wrongToken = await admin.request(
        'POST',
        `/api/${resource}/create`,
        { [keys.createKey]: sample.create },
        {
          'x-xsrf-token': 'forged',
        },
      );
      expect(wrongToken.statusCode).toBe(403);
    });

    it('answers 400 with Spanish field messages', async () => {
      const response = await admin.request('POST', `/api/${resource}/create`, { [keys.createKey]: {} });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.fields.name).toBe(messages.required);

      const wrongKey = await admin.request('POST', `/api/${resource}/create`, { data: sample.create });
      expect(wrongKey.statusCode).toBe(400);
    });

    it('answers the list with an ETag and 304 when it has not changed', async () => {
      const first = await admin.request('GET', `/api/${resource}/get-all`);
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await admin.request('GET', `/api/${resource}/get-all`, undefined, {
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
    });
  });

  it('orders events by date, news newest first and partners by name', async () => {
    const create = (resource: Resource, value: Record<string, unknown>) =>
      admin.request('POST', `/api/${resource}/create`, { [payloadKeys[resource].createKey]: value });
    await create('events', { ...samples.events.create, name: 'Segundo', eventDate: '2030-02-01T00:00:00Z' });
    await create('events', { ...samples.events.create, name: 'Primero', eventDate: '2030-01-01T00:00:00Z' });
    await create('news', { ...samples.news.create, name: 'Antigua' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await create('news', { ...samples.news.create, name: 'Reciente' });
    await create('partners', { ...samples.partners.create, name: 'Zoe' });
    await create('partners', { ...samples.partners.create, name: 'Berta' });

    const names = async (resource: Resource) =>
      ((await admin.request('GET', `/api/${resource}/get-all`)).json().data as { name: string }[]).map(
        (e) => e.name,
      );
    expect(await names('events')).toEqual(['Primero', 'Segundo']);
    expect((await names('news')).slice(0, 2)).toEqual(['Reciente', 'Antigua']);
    expect(await names('partners')).toEqual(['Berta', 'Zoe']);
  });

  it('sanitises hostile news HTML on write', async () => {
    const hostile =
      '<p onclick="steal()">Hola</p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
      '<a href="javascript:alert(1)">clic</a><iframe src="https://evil.example"></iframe>' +
      '<img src="https://example.org/ok.webp" alt="ok"><a href="https://example.org" target="_blank">bien</a>';
    const response = await admin.request('POST', '/api/news/create', {
      news: { ...samples.news.create, description: hostile },
    });
    expect(response.statusCode).toBe(201);
    const html: string = response.json().data.description;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(html).toContain('<p>Hola</p>');
    expect(html).toContain('<img src="https://example.org/ok.webp" alt="ok" />');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
