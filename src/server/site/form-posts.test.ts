import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

const SITE = 'https://sitio.example.org';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: SITE };
const contact = (email: string) =>
  new URLSearchParams({
    fullName: 'Paola Ruiz Medina',
    company: 'Sol de Oaxaca',
    position: 'Jefa de proyectos',
    email,
    phoneNumber: '5598765432',
    website: '',
  }).toString();

// A server bundle that counts its renderings and says which answer it drew.
const ENTRY = `
globalThis.formPostRenders = [];
export const pageModules = {};
export async function render(url, data) {
  globalThis.formPostRenders.push(url + ' ' + (data.form ? data.form.message ?? 'fields' : 'page'));
  return { html: '<main>' + url + ' ' + (data.form?.message ?? '') + '</main>', head: '<title>t</title>', state: '{}' };
}
`;
const renders = () => (globalThis as unknown as { formPostRenders: string[] }).formPostRenders;

describe('forms posted without script, refused', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'form-posts-'));
    mkdirSync(join(dir, 'web'));
    mkdirSync(join(dir, 'ssr'));
    writeFileSync(
      join(dir, 'web', 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, 'ssr', 'entry-server.js'), ENTRY);
    t = await createTestApp('sqlite', { webDist: join(dir, 'web'), contactRateLimit: 2 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => renders().splice(0));

  const post = (url: string, payload: string, headers: Record<string, string> = FORM) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  it('draws the page of each refusal once, however many posts get it', async () => {
    const crossSite = { ...FORM, origin: 'https://elsewhere.example' };
    for (let i = 0; i < 5; i++) {
      const response = await post('/Solicitud', contact(`otra-${i}@example.org`), crossSite);
      expect(response.statusCode).toBe(403);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('Solo aceptamos solicitudes');
    }
    // Two: the third would be over the limit, which counts before the body is read.
    for (let i = 0; i < 2; i++) {
      expect((await post('/DerechosARCO', 'x'.repeat(70 * 1024))).statusCode).toBe(413);
    }
    expect(renders()).toHaveLength(2);
    expect(renders()[0]).toMatch(/^\/Solicitud Solo aceptamos/);
    expect(renders()[1]).toMatch(/^\/DerechosARCO La petición es demasiado grande/);
    const stored = await t.app.db.selectFrom('requests').select('id').execute();
    expect(stored).toHaveLength(0);
  });

  it('counts a post against the limit before drawing anything, mistakes included', async () => {
    expect((await post('/Solicitud', contact('ana@example.org'))).statusCode).toBe(303);
    // A form with mistakes is drawn for its visitor, with what they typed.
    expect((await post('/Solicitud', 'fullName=Ana')).statusCode).toBe(400);
    expect(renders()).toEqual(['/Solicitud fields']);
    // Over the limit: valid or not, every post gets the one page of its refusal.
    for (let i = 0; i < 6; i++) {
      const response = await post('/Solicitud', i % 2 ? 'fullName=Ana' : contact(`mas-${i}@example.org`));
      expect(response.statusCode).toBe(429);
      expect(response.body).toContain('Demasiadas solicitudes');
    }
    expect(renders()).toHaveLength(2);
    const stored = await t.app.db.selectFrom('requests').select('id').execute();
    expect(stored).toHaveLength(1);
  });

  it('draws the page again after the content changes', async () => {
    const crossSite = { ...FORM, origin: 'https://elsewhere.example' };
    await post('/Boletin', 'email=a%40example.org', crossSite);
    await post('/Boletin', 'email=b%40example.org', crossSite);
    expect(renders()).toHaveLength(1);
    t.app.pageRenderer.invalidate();
    await post('/Boletin', 'email=c%40example.org', crossSite);
    expect(renders()).toHaveLength(2);
  });

  it('takes the sign-ups through the same path: a refusal is one kept page that names no event', async () => {
    const crossSite = { ...FORM, origin: 'https://elsewhere.example' };
    const body = 'fullName=Ana+Ruiz&email=ana%40example.org';
    // Each from its own address, under the limit of two posts.
    let client = 0;
    const from = (url: string, headers: Record<string, string>, payload = body) =>
      t.app.inject({ method: 'POST', url, headers, payload, remoteAddress: `10.9.0.${++client}` });
    for (const id of ['uno', 'dos', 'tres']) {
      const refused = await from(`/Eventos/registro/${id}`, crossSite);
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers['x-robots-tag']).toBe('noindex');
      // An unknown event (a draft's id alike) is refused after the limit, with one page for every id.
      expect((await from(`/Eventos/registro/${id}`, FORM)).statusCode).toBe(404);
    }
    // A manage link's refusal too, at its own stand-in address.
    for (const token of ['a'.repeat(43), 'b'.repeat(43)]) {
      expect((await from(`/Registro/${token}`, crossSite, '')).statusCode).toBe(403);
    }
    expect(renders()).toEqual([
      '/Eventos/registro/- Solo aceptamos solicitudes enviadas desde los formularios de este sitio.',
      '/Eventos/registro/- No encontramos lo que buscas.',
      '/Registro/- Solo aceptamos solicitudes enviadas desde los formularios de este sitio.',
    ]);
  });

  it('answers every unknown newsletter link with one page, drawn once per kind of link', async () => {
    for (const token of ['a'.repeat(43), 'b'.repeat(43), 'c'.repeat(43)]) {
      const confirm = await t.app.inject({ method: 'GET', url: `/Boletin/confirmar/${token}` });
      expect(confirm.statusCode).toBe(404);
      expect(confirm.headers['x-robots-tag']).toBe('noindex');
      const leave = await t.app.inject({ method: 'GET', url: `/Boletin/baja/${token}` });
      expect(leave.statusCode).toBe(404);
    }
    expect(renders()).toHaveLength(2);
  });
});
