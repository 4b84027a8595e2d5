import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../shared/constants.ts';
import { payloadKeys, type Resource } from '../../shared/api-paths.ts';
import { messages } from '../../shared/messages.ts';
import { testDialects } from '../test/databases.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';

const PANELS = '/demo/events/event-1.svg';
const TURBINE = '/demo/news/news-1.svg';
const bases: Record<Resource, Record<string, unknown>> = {
  events: {
    name: 'Recorrido por un parque eólico',
    location: 'Juchitán, Oaxaca',
    date: '12 de abril de 2027, 9:00 h',
    eventDate: '2027-04-12T09:00:00-06:00',
    description: 'Visita guiada.',
    images: [TURBINE],
    imageCover: [PANELS],
    linkEvent: 'https://example.org/recorrido',
  },
  news: {
    name: 'Nueva planta solar',
    address: 'Sonora',
    description: '<p>Inaugurada.</p>',
    images: [PANELS],
  },
  partners: { name: 'Lucía Hernández', job: 'Ingeniera eléctrica', images: [PANELS] },
};
const imagesOf = (resource: Resource) =>
  resource === 'events' ? [TURBINE, PANELS] : (bases[resource].images as string[]);

describe.each(testDialects)('image descriptions on %s', (dialect) => {
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

    it('keeps the descriptions of its own images, trimmed, and answers them to everyone', async () => {
      const described = Object.fromEntries(imagesOf(resource).map((src, i) => [src, `  Imagen ${i + 1}  `]));
      const created = await admin.request('POST', `/api/${resource}/create`, {
        [keys.createKey]: {
          ...bases[resource],
          imageDescriptions: { ...described, 'https://example.org/ajena.webp': 'De otra entrada' },
        },
      });
      expect(created.statusCode).toBe(201);
      const entity = created.json().data;
      const expected = Object.fromEntries(imagesOf(resource).map((src, i) => [src, `Imagen ${i + 1}`]));
      expect(entity.imageDescriptions).toEqual(expected);

      const visitor = new Browser(t.app);
      const publicAnswer = await visitor.request('GET', `/api/${resource}/get-by-id/${entity.id}`);
      expect(publicAnswer.json().data.imageDescriptions).toEqual(expected);

      // An image taken out takes its description along; an emptied description is dropped.
      const [first] = imagesOf(resource);
      const updated = await admin.request('PUT', `/api/${resource}/update`, {
        [keys.idKey]: entity.id,
        [keys.dataKey]: {
          ...bases[resource],
          ...(resource === 'events' ? { images: [], imageCover: [first] } : { images: [first] }),
          imageDescriptions: { ...expected, [first!]: '   ' },
        },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data).not.toHaveProperty('imageDescriptions');
    });

    it('answers entries without descriptions as before: no field at all', async () => {
      const created = await admin.request('POST', `/api/${resource}/create`, {
        [keys.createKey]: bases[resource],
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data).not.toHaveProperty('imageDescriptions');
    });

    it('refuses a description longer than the limit, with a message under the field', async () => {
      const response = await admin.request('POST', `/api/${resource}/create`, {
        [keys.createKey]: {
          ...bases[resource],
          imageDescriptions: { [PANELS]: 'a'.repeat(TEXT_LIMITS.imageDescription + 1) },
        },
      });
      expect(response.statusCode).toBe(400);
      const fields = Object.entries(response.json().error.fields as Record<string, string>);
      expect(fields).toHaveLength(1);
      expect(fields[0]![0]).toMatch(/^imageDescriptions\./);
      expect(fields[0]![1]).toBe(messages.maxLength(TEXT_LIMITS.imageDescription));
    });
  });
});
