import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { EventInputSchema, PartnerInputSchema } from '../../shared/schemas.ts';
import { schemaResolver } from './schema-resolver.ts';

const resolve = (schema: Parameters<typeof schemaResolver>[0], values: Record<string, unknown>) =>
  schemaResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

const event = {
  id: 'e1',
  slug: 'taller',
  name: 'Taller de redes',
  location: 'Querétaro',
  date: '26 de noviembre, 19:00 h',
  eventDate: '2026-11-27T01:00:00.000Z',
  description: 'Un taller.',
  images: [],
  imageCover: [],
  linkEvent: 'https://example.org/taller',
};

describe('admin forms checked with the API schema', () => {
  it('accepts what the API accepts, ignoring the fields the API sets itself', async () => {
    const answer = await resolve(EventInputSchema, event);
    expect(answer.errors).toEqual({});
    expect(answer.values).toEqual(event);
  });

  it("refuses what the API refuses, under the field, with the API's message", async () => {
    const answer = await resolve(EventInputSchema, { ...event, name: '  ', linkEvent: 'http://example.org' });
    expect(answer.errors).toMatchObject({
      name: { message: messages.required },
      linkEvent: { message: messages.httpsUrl },
    });
    expect(Object.keys(answer.errors).sort()).toEqual(['linkEvent', 'name']);
  });

  it('holds the length the server accepts', async () => {
    const answer = await resolve(EventInputSchema, { ...event, location: 'x'.repeat(10_000) });
    expect(answer.errors.location?.message).toMatch(/como máximo/);
  });

  it('lets an optional link stay empty', async () => {
    const partner = { name: 'Ana', job: 'Ingeniera', images: [], link: '' };
    expect((await resolve(PartnerInputSchema, partner)).errors).toEqual({});
    expect((await resolve(PartnerInputSchema, { ...partner, link: 'ftp://x' })).errors.link?.message).toBe(
      messages.httpsUrl,
    );
  });
});
