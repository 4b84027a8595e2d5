import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  ContactRequestSchema,
  EventInputSchema,
  NewsInputSchema,
  PartnerInputSchema,
} from '../../shared/schemas.ts';
import type { App } from '../app.ts';
import { sanitizeNewsHtml } from '../lib/sanitize.ts';

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** With its parameters as `:name`. */
  path: string;
}

const TREE_PREFIX = /^[\s│├└─]*/u;

/**
 * Every /api route the app registered, read from Fastify's route tree, so routes added later are
 * covered without anyone remembering to list them here.
 */
export function apiRoutes(app: App): ApiRoute[] {
  return appRoutes(app).filter((route) => route.path.startsWith('/api/'));
}

/** Every route the app registered (pages, forms and /api), wildcards left out, read the same way. */
export function appRoutes(app: App): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)(\S+) \(([A-Z, ]+)\)$/.exec(line.replace(TREE_PREFIX, (m) => m.replace(/\S/g, ' ')));
    if (!match) continue;
    const depth = match[1]!.length;
    while (stack.length > 0 && stack.at(-1)!.depth >= depth) stack.pop();
    const parent = stack.at(-1)?.path ?? '';
    const segment = match[2]!;
    // A line is the rest of its parent's address: the tree splits anywhere, within a word too
    // (`/api/admin/news` then `letter/…`), so the two are joined as they are.
    const path = parent + segment;
    stack.push({ depth, path });
    if (!path.startsWith('/') || path.includes('*')) continue;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method: method as ApiRoute['method'], path });
    }
  }
  return routes;
}

/** Fills `:name` parameters. */
export const fillParams = (path: string, value: string) =>
  path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(value.toWellFormed()));

const STACK_OR_SQL = /\n\s+at |node_modules|\.ts:\d+|select .* from|insert into|SQLITE_|syntax error/i;

/** The API's promise for any answer: no 5xx, and every error is JSON in the documented shape. */
export function expectWellFormed(response: LightMyRequestResponse, context: string): void {
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], context).toMatch(/^application\/json/);
  const body = response.json<{ error: { code: unknown; message: unknown; fields?: unknown } }>();
  expect(typeof body.error?.code, context).toBe('string');
  expect(typeof body.error?.message, context).toBe('string');
  expect(String(body.error.message), context).not.toMatch(STACK_OR_SQL);
  if (body.error.fields !== undefined) {
    for (const value of Object.values(body.error.fields as object))
      expect(typeof value, context).toBe('string');
  }
}

const list = (text: string) => JSON.parse(text) as string[];

/** Every stored request and content row is one the schemas accept, so nothing invalid got in. */
export async function expectOnlyValidRowsStored(app: App): Promise<void> {
  for (const row of await app.db.selectFrom('requests').selectAll().execute()) {
    const fields = {
      fullName: row.full_name,
      company: row.company,
      position: row.position,
      email: row.email,
      phoneNumber: row.phone_number,
    };
    const parsed = ContactRequestSchema.safeParse(fields);
    expect(parsed.success, JSON.stringify(row)).toBe(true);
    expect(parsed.data, JSON.stringify(row)).toEqual(fields);
    expect(['contacto', 'Individual', 'Corporativa', 'Estudiantil']).toContain(row.kind);
  }
  for (const row of await app.db.selectFrom('events').selectAll().execute()) {
    const parsed = EventInputSchema.safeParse({
      name: row.name,
      location: row.location,
      date: row.date,
      eventDate: row.event_date,
      description: row.description,
      images: list(row.images),
      imageCover: list(row.image_cover),
      linkEvent: row.link_event,
    });
    expect(parsed.success, JSON.stringify(row)).toBe(true);
  }
  for (const row of await app.db.selectFrom('news').selectAll().execute()) {
    const parsed = NewsInputSchema.safeParse({
      name: row.name,
      address: row.address,
      description: row.description,
      images: list(row.images),
    });
    expect(parsed.success, JSON.stringify(row)).toBe(true);
    expect(sanitizeNewsHtml(row.description), JSON.stringify(row)).toBe(row.description);
  }
  for (const row of await app.db.selectFrom('partners').selectAll().execute()) {
    const parsed = PartnerInputSchema.safeParse({
      name: row.name,
      job: row.job,
      images: list(row.images),
      link: row.link,
    });
    expect(parsed.success, JSON.stringify(row)).toBe(true);
  }
}

/** Valid bodies for every writing route of the contract, to be bent one field at a time. */
export const validBodies = {
  contact: () => ({
    data: {
      fullName: 'Ana Pérez',
      company: 'Sol y Viento',
      position: 'Ingeniera',
      email: 'ana@example.org',
      phoneNumber: '5512345678',
      memberships: 'Individual',
    } as Record<string, unknown>,
  }),
  event: () =>
    ({
      name: 'Foro de energía',
      location: 'Ciudad de México',
      date: '8 de marzo',
      eventDate: '2027-03-08T17:00:00Z',
      description: 'Un foro.',
      images: ['/img/a.webp'],
      imageCover: ['https://example.org/b.webp'],
      linkEvent: 'https://example.org/foro',
    }) as Record<string, unknown>,
  news: () =>
    ({
      name: 'Noticia',
      address: 'Monterrey',
      description: '<p>Texto</p>',
      images: ['/img/n.webp'],
    }) as Record<string, unknown>,
  partner: () =>
    ({ name: 'Laura Gómez', job: 'Directora', images: [], link: 'https://example.org' }) as Record<
      string,
      unknown
    >,
};
