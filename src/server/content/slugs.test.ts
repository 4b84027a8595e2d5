import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrations } from '../db/migrate.ts';
import { eventsContent, newsContent } from './content.service.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { createTestDatabase, testDialects } from '../test/databases.ts';
import { firstFreeSlug, slugify } from './slug.ts';

const news = (name: string) => ({ name, address: 'CDMX', description: '<p>Texto</p>', images: [] });
const event = (name: string) => ({
  name,
  location: 'Ciudad de México',
  date: '8 de marzo de 2027, 11:00 h',
  eventDate: '2027-03-08T17:00:00.000Z',
  description: 'Un taller.',
  images: ['/demo/events/event-1.svg'],
  imageCover: [],
  linkEvent: 'https://example.org/taller',
});

describe('slugs', () => {
  it('are the name in lower case, without accents, words joined by dashes', () => {
    expect(slugify('Taller: Introducción a la energía solar — ¡Año 2027!', 'evento')).toBe(
      'taller-introduccion-a-la-energia-solar-ano-2027',
    );
    expect(slugify('¿¡…!?', 'noticia')).toBe('noticia');
    expect(slugify('a'.repeat(100), 'x')).toHaveLength(80);
    // Folded as the inbox's search folds text: compatibility forms become their letters.
    expect(slugify('Ｆoro ﬁnal Ñandú', 'x')).toBe('foro-final-nandu');
  });

  it('take the first free number when taken', () => {
    expect(firstFreeSlug('foro', new Set())).toBe('foro');
    expect(firstFreeSlug('foro', new Set(['foro', 'foro-2']))).toBe('foro-3');
  });
});

describe.each(testDialects)('slugs of news and events on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('are unique: the same name gets -2, -3', async () => {
    const first = await newsContent.create(t.app.db, news('Energía para todas'));
    const second = await newsContent.create(t.app.db, news('Energía para todas'));
    const third = await newsContent.create(t.app.db, news('energía PARA todas'));
    expect([first.slug, second.slug, third.slug]).toEqual([
      'energia-para-todas',
      'energia-para-todas-2',
      'energia-para-todas-3',
    ]);
  });

  it('are unique even when entries with the same name are created at once', async () => {
    const created = await Promise.all(
      Array.from({ length: 4 }, () => eventsContent.create(t.app.db, event('Foro simultáneo'))),
    );
    expect(new Set(created.map((entry) => entry.slug)).size).toBe(4);
  });

  it('stay the same when the entry is renamed, and come with the entity in the API', async () => {
    const visitor = new Browser(t.app);
    await visitor.login();
    const created = await visitor.request('POST', '/api/events/create', { event: event('Café eólico') });
    expect(created.json().data.slug).toBe('cafe-eolico');
    const { id } = created.json().data;
    const renamed = await visitor.request('PUT', '/api/events/update', {
      eventId: id,
      eventData: event('Café eólico (nueva sede)'),
    });
    expect(renamed.json().data).toMatchObject({ name: 'Café eólico (nueva sede)', slug: 'cafe-eolico' });
    const fetched = await visitor.request('GET', `/api/events/get-by-id/${id}`);
    expect(fetched.json().data.slug).toBe('cafe-eolico');
    // A slug sent back with an edit is not part of the input.
    const withSlug = await visitor.request('PUT', '/api/events/update', {
      eventId: id,
      eventData: { ...event('Otro'), slug: 'otro' },
    });
    expect(withSlug.statusCode).toBe(400);
  });

  it('open the entry’s page; its id sends there for good; unknown and deleted entries go to their section', async () => {
    const visitor = new Browser(t.app);
    await visitor.login();
    const entry = (
      await visitor.request('POST', '/api/news/create', { news: news('Convenio con universidades') })
    ).json().data;
    const page = await t.app.inject(`/Noticias/${entry.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);

    const byId = await t.app.inject(`/Noticias/${entry.id}`);
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe('/Noticias/convenio-con-universidades');

    for (const url of ['/Noticias/no-existe', '/Noticias/%00', '/Noticias/a%20b']) {
      const unknown = await t.app.inject(url);
      expect(unknown.statusCode, url).toBe(302);
      expect(unknown.headers.location, url).toBe('/Inicio#Noticias');
    }
    expect((await t.app.inject('/Eventos/2024')).headers.location).toBe('/Inicio#Eventos');

    await visitor.request('DELETE', `/api/news/delete/${entry.id}`);
    for (const url of [`/Noticias/${entry.slug}`, `/Noticias/${entry.id}`]) {
      const gone = await t.app.inject(url);
      expect(gone.statusCode, url).toBe(302);
      expect(gone.headers.location, url).toBe('/Inicio#Noticias');
    }
  });

  it('are all in the sitemap, with the configured site address', async () => {
    const created = await eventsContent.create(t.app.db, event('Visita a una planta solar'));
    const sitemap = (await t.app.inject('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>https://sitio.example.org/Eventos/${created.slug}</loc>`);
    expect(sitemap).toContain('<loc>https://sitio.example.org/Noticias/energia-para-todas-2</loc>');
    expect(sitemap).toContain('<loc>https://sitio.example.org/Inicio</loc>');
  });
});

describe.each(testDialects)('the slug migration on %s', (dialect) => {
  it('gives the rows it finds unique slugs, the oldest keeping the plain one', async () => {
    const database = await createTestDatabase(dialect);
    const handle = await database.open();
    try {
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: database.schema,
      });
      // Back to just before the slugs, with rows that have none yet.
      const down = await migrator.migrateTo('2026-11-27-search-folding');
      expect(down.error).toBeUndefined();
      const row = (id: string, name: string, at: string) => ({
        id,
        name,
        address: 'CDMX',
        description: '<p>x</p>',
        images: '[]',
        created_at: at,
        updated_at: at,
      });
      const { db } = handle;
      await db
        .insertInto('news')
        .values([
          row('b', 'Reconocimiento a socias', '2026-02-01T00:00:00.000Z'),
          row('a', 'Reconocimiento a socias', '2026-01-01T00:00:00.000Z'),
          row('c', '!!!', '2026-03-01T00:00:00.000Z'),
        ] as never)
        .execute();
      await migrateToLatest(handle.db, { schema: database.schema });
      const slugsById = Object.fromEntries(
        (await db.selectFrom('news').select(['id', 'slug']).execute()).map((r) => [r.id, r.slug]),
      );
      expect(slugsById).toEqual({
        a: 'reconocimiento-a-socias',
        b: 'reconocimiento-a-socias-2',
        c: 'noticia',
      });
    } finally {
      await handle.close();
      await database.destroy();
    }
  });
});
