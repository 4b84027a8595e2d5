import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemPaths, pagePaths } from '../../../shared/api-paths.ts';
import { registrationPaths } from '../../../shared/registration-paths.ts';
import { appRoutes, fillParams, validBodies } from '../api-surface.ts';
import { Browser, createTestApp, type TestApp } from '../app.ts';
import { testDialects } from '../databases.ts';
import { eventInput } from '../events.ts';

const SITE = 'https://sitio.example.org';
const PLAIN_FORM = {
  origin: SITE,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/x-www-form-urlencoded',
};

// A server bundle that writes everything it is given into the page: whatever a page would draw from
// its data (lists, a form's answer, a private page's data) is in the body the test reads.
const ENTRY = `
export const pageModules = {};
export async function render(url, data) {
  const json = JSON.stringify({ url, ...data }).replace(/</g, '\\\\u003c');
  return { html: '<main>' + json + '</main>', head: '<title>t</title>', state: '{}' };
}
`;

/** What a visitor must never read of an entry that is not public: its words, its slug and its place. */
interface Hidden {
  what: string;
  id: string;
  slug?: string;
  secrets: string[];
}

/**
 * Drafts stay private on every path (decision 034): a draft event, one that was published and then
 * taken back (with a sign-up, and its pages seen while public), one scheduled for later, a draft and a
 * scheduled news item, and a partner taken off the site (partners have no draft state: removing one is
 * how it stops being public). Every route the app registered is walked as a stranger, with each one's
 * id and slug in every parameter and in the query, by GET and by every writing method (as JSON with a
 * CSRF token, and as a plain form from this site), and no answer holds anything of them.
 */
describe.each(testDialects)('Los borradores no aparecen en ninguna ruta pública (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let admin: Browser;
  const hidden: Hidden[] = [];
  let manageToken = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'drafts-walk-'));
    mkdirSync(join(dir, 'web'));
    mkdirSync(join(dir, 'ssr'));
    writeFileSync(
      join(dir, 'web', 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, 'ssr', 'entry-server.js'), ENTRY);
    t = await createTestApp(dialect, {
      webDist: join(dir, 'web'),
      contactRateLimit: 100_000,
      loginRateLimit: 100_000,
    });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);

    const created = async (path: string, body: object) => {
      const response = await admin.request('POST', path, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ data: { id: string; slug?: string } }>().data;
    };
    const event = async (name: string, place: string, extra: object) => {
      const input = eventInput({ name, location: place, ...extra });
      const entry = await created('/api/events/create', { event: input });
      hidden.push({ what: name, id: entry.id, slug: entry.slug, secrets: [name, place, entry.slug!] });
      return { ...entry, input };
    };

    await event('Evento Borrador Zafiro', 'Bodega Zafiro Oculta', { status: 'draft' });
    await event('Evento Programado Cuarzo', 'Terraza Cuarzo Oculta', {
      status: 'scheduled',
      publishAt: '2098-01-01T00:00:00.000Z',
    });

    // Published, seen, signed up for (by the API and by the plain form), then taken back.
    const withdrawn = await event('Evento Retirado Jade', 'Patio Jade Oculto', { status: 'published' });
    const seen = [
      pagePaths.inicio,
      itemPaths.event(withdrawn.slug!),
      '/sitemap.xml',
      '/api/events/get-all',
      '/api/events/calendar.ics',
    ];
    for (const url of seen) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain(url === '/sitemap.xml' ? withdrawn.slug : 'Jade');
    }
    const visitor = new Browser(t.app);
    const signUp = await visitor.request('POST', registrationPaths.api(withdrawn.id), {
      data: { fullName: 'Persona Jade', email: 'persona.jade@example.org' },
    });
    expect(signUp.statusCode).toBe(201);
    const plain = await t.app.inject({
      method: 'POST',
      url: registrationPaths.send(withdrawn.id),
      headers: PLAIN_FORM,
      payload: 'fullName=Otra+Persona&email=otra.jade%40example.org',
    });
    expect(plain.statusCode).toBe(303);
    const landing = plain.headers.location as string;
    expect((await t.app.inject({ method: 'GET', url: landing })).body).toContain('Jade');
    const unpublished = await admin.request('PUT', '/api/events/update', {
      eventId: withdrawn.id,
      eventData: { ...withdrawn.input, status: 'draft' },
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    // The address the plain form landed on, kept in the browser's history, names it no more; nor does
    // the manage page its mail links to (the person still sees and can cancel her registration).
    hidden.push({ what: 'la confirmación', id: landing, secrets: [] });
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('body_text')
      .where('to_address', '=', 'persona.jade@example.org')
      .where('purpose', '=', 'registration-confirmed')
      .executeTakeFirstOrThrow();
    manageToken = /\/Registro\/([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
    const manage = await t.app.inject({ method: 'GET', url: registrationPaths.manage(manageToken) });
    expect(manage.statusCode).toBe(200);
    expect(manage.body).toContain('persona.jade@example.org');

    const news = async (name: string, place: string, extra: object) => {
      const entry = await created('/api/news/create', {
        news: { ...validBodies.news(), name, address: place, ...extra },
      });
      hidden.push({ what: name, id: entry.id, slug: entry.slug, secrets: [name, place, entry.slug!] });
    };
    await news('Noticia Borrador Obsidiana', 'Sala Obsidiana Oculta', { status: 'draft' });
    await news('Noticia Programada Granate', 'Sala Granate Oculta', {
      status: 'scheduled',
      publishAt: '2098-01-01T00:00:00.000Z',
    });

    const partner = await created('/api/partners/create', {
      partners: { ...validBodies.partner(), name: 'Socia Retirada Turquesa', job: 'Puesto Turquesa Oculto' },
    });
    expect((await t.app.inject({ method: 'GET', url: pagePaths.socias })).body).toContain('Turquesa');
    const removed = await admin.request('DELETE', `/api/partners/delete/${partner.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    hidden.push({
      what: 'Socia Retirada Turquesa',
      id: partner.id,
      secrets: ['Socia Retirada Turquesa', 'Puesto Turquesa Oculto'],
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every secret of every hidden entry, but one the request itself carried (an echo is no leak). */
  const expectNothingHidden = (response: LightMyRequestResponse, url: string, context: string) => {
    const body = response.body + JSON.stringify(response.headers);
    for (const entry of hidden) {
      for (const secret of entry.secrets) {
        if (url.includes(secret)) continue;
        expect(body.includes(secret), `${context}: ${secret} (${entry.what})`).toBe(false);
      }
    }
  };

  it('ninguna ruta los nombra, ni por su id ni por su slug', { timeout: 120_000 }, async () => {
    const visitor = new Browser(t.app);
    await visitor.csrf();
    const routes = appRoutes(t.app);
    // The walk covers the pages and the sign-up's routes too, not only the API.
    for (const path of [pagePaths.inicio, registrationPaths.sendPattern, registrationPaths.sent]) {
      expect(routes.map((route) => route.path)).toContain(path);
    }
    const keys = [
      ...hidden.flatMap((entry) =>
        entry.slug ? [entry.id, entry.slug, `${entry.id}.ics`, `${entry.slug}.ics`] : [entry.id],
      ),
      manageToken,
    ];
    let requests = 0;
    for (const route of routes) {
      for (const key of keys) {
        const query = new URLSearchParams({ evento: key, id: key, slug: key }).toString();
        const url = key.startsWith('/') ? key : `${fillParams(route.path, key)}?${query}`;
        if (key.startsWith('/') && route.path !== registrationPaths.sent) continue;
        const context = `${route.method} ${url}`;
        if (route.method === 'GET') {
          expectNothingHidden(await t.app.inject({ method: 'GET', url }), url, context);
          requests++;
          continue;
        }
        const json = await visitor.request(route.method as 'POST', url, {
          data: { fullName: 'Visita', email: 'visita@example.org' },
        });
        expectNothingHidden(json, url, `${context} (JSON)`);
        const form = await t.app.inject({
          method: route.method,
          url,
          headers: PLAIN_FORM,
          payload: 'fullName=Visita&email=visita%40example.org',
        });
        expectNothingHidden(form, url, `${context} (formulario)`);
        requests += 2;
      }
    }
    expect(requests).toBeGreaterThan(500);
  });
});
