import { afterAll, describe, expect, it } from 'vitest';
import { registrationPaths } from '../../shared/registration-paths.ts';
import { buildApp, type App } from '../app.ts';
import { eventsContent as eventsRepository } from '../content/content.service.ts';
import { hashToken } from '../lib/link-tokens.ts';
import { Browser, testConfig, useTestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { eventInput } from '../test/events.ts';
import { drawnWith, pageDataBundle } from '../test/page-bundle.ts';

const SITE = 'https://sitio.example.org';
const SAME_SITE = { origin: SITE, 'sec-fetch-site': 'same-origin' };
const withSeats = (capacity: number) => eventInput({ registration: { enabled: true, capacity } });

/** The manage and image tokens one outbox message carries (its text and its HTML). */
interface Mailed {
  purpose: string;
  manage: string;
  qr: string | undefined;
}

describe.each(testDialects)('Los enlaces de un registro en %s', (dialect) => {
  const bundle = pageDataBundle();
  afterAll(() => bundle.remove());
  const t = useTestApp(dialect, { contactRateLimit: 10_000, webDist: bundle.webDist });

  const signUp = (app: App, eventId: string, email: string) =>
    new Browser(app).request('POST', registrationPaths.api(eventId), {
      data: { fullName: 'Ana Enlace', email },
    });
  const mailTo = async (email: string): Promise<Mailed[]> => {
    const rows = await t.app.db
      .selectFrom('outbox')
      .select(['purpose', 'body_text', 'body_html'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => {
      const manage = /\/Registro\/([A-Za-z0-9_-]+)(?!\/)/.exec(row.body_text)?.[1];
      const qr = /\/Registro\/([A-Za-z0-9_-]+)\/asistencia\.svg/.exec(row.body_html ?? '')?.[1];
      expect(manage, `${row.purpose} carries a manage link`).toBeTruthy();
      // The manage link in the HTML part is the text's one.
      expect(row.body_html).toContain(`/Registro/${manage}"`);
      return { purpose: row.purpose, manage: manage!, qr };
    });
  };
  const get = (app: App, url: string) => app.inject({ method: 'GET', url });
  const post = (app: App, url: string) => app.inject({ method: 'POST', url, headers: SAME_SITE });
  const statusOf = async (email: string) =>
    (
      await t.app.db
        .selectFrom('registrations')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).status;

  it('un enlace para administrar sigue sirviendo cuando cambia SESSION_SECRET', async () => {
    const event = await eventsRepository.create(t.app.db, withSeats(5));
    const email = 'secreto@example.org';
    expect((await signUp(t.app, event.id, email)).statusCode).toBe(201);
    const [confirmation] = await mailTo(email);

    // The same database, served by an app whose secret is another one.
    const rotated = await buildApp(
      testConfig(t.database, {
        sessionSecret: 'another-secret-after-rotation-long-enough',
        contactRateLimit: 10_000,
        webDist: bundle.webDist,
      }),
    );
    await rotated.ready();
    try {
      expect(rotated.config.sessionSecret).not.toBe(t.app.config.sessionSecret);
      const page = await get(rotated, registrationPaths.manage(confirmation!.manage));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Tu lugar está confirmado');
      const cancelled = await post(rotated, registrationPaths.manage(confirmation!.manage));
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.body).toContain('Tu registro está cancelado');
      expect(await statusOf(email)).toBe('cancelled');
    } finally {
      await rotated.close();
    }
  });

  it('el enlace de la imagen QR solo dibuja la imagen, y el de administrar no la dibuja', async () => {
    const event = await eventsRepository.create(t.app.db, withSeats(5));
    const email = 'imagen@example.org';
    await signUp(t.app, event.id, email);
    const [confirmation] = await mailTo(email);
    const { manage, qr } = confirmation!;
    expect(qr).toBeTruthy();
    expect(qr).not.toBe(manage);

    const image = await get(t.app, `${registrationPaths.manage(qr!)}/asistencia.svg`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');

    // What an image proxy holds opens nothing and cancels nothing.
    const page = await get(t.app, registrationPaths.manage(qr!));
    expect(page.statusCode).toBe(404);
    expect(drawnWith(page).private).toEqual({ kind: 'registro-desconocido' });
    expect(page.body).not.toContain(email);
    expect((await post(t.app, registrationPaths.manage(qr!))).statusCode).toBe(404);
    expect(await statusOf(email)).toBe('confirmed');

    // And the manage link is no image link.
    expect((await get(t.app, `${registrationPaths.manage(manage)}/asistencia.svg`)).statusCode).toBe(404);
    expect((await get(t.app, registrationPaths.manage(manage))).statusCode).toBe(200);
  });

  it('cada correo lleva sus propios enlaces, guardados solo como su SHA-256', async () => {
    const event = await eventsRepository.create(t.app.db, withSeats(1));
    await signUp(t.app, event.id, 'primera@example.org');
    await signUp(t.app, event.id, 'segunda@example.org');
    // Signing up again: the "ya tenías un registro" mail.
    expect((await signUp(t.app, event.id, 'segunda@example.org')).statusCode).toBe(200);
    const [confirmation] = await mailTo('primera@example.org');
    expect((await post(t.app, registrationPaths.manage(confirmation!.manage))).statusCode).toBe(200);

    const first = await mailTo('primera@example.org');
    const second = await mailTo('segunda@example.org');
    expect(first.map((mail) => mail.purpose)).toEqual(['registration-confirmed', 'registration-reminder']);
    expect(second.map((mail) => mail.purpose)).toEqual([
      'registration-waitlisted',
      'registration-again',
      'registration-promoted',
      'registration-reminder',
    ]);
    // The waitlist notice and the "again" to someone waiting show no QR code; the others do.
    expect(second.map((mail) => mail.qr !== undefined)).toEqual([false, false, true, true]);
    const mailed = [...first, ...second];
    const tokens = mailed.flatMap((mail) => [mail.manage, ...(mail.qr ? [mail.qr] : [])]);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Every manage link of the promoted person opens her page, whichever mail it came in.
    for (const mail of second) {
      const page = await get(t.app, registrationPaths.manage(mail.manage));
      expect(page.statusCode, mail.purpose).toBe(200);
      expect(page.body).toContain('Tu lugar está confirmado');
    }

    const ids = await t.app.db
      .selectFrom('registrations')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    const links = await t.app.db
      .selectFrom('registration_links')
      .selectAll()
      .where(
        'registration_id',
        'in',
        ids.map((row) => row.id),
      )
      .execute();
    expect(links.map((link) => link.token_hash).sort()).toEqual(tokens.map(hashToken).sort());
    expect(links.filter((link) => link.purpose === 'qr')).toHaveLength(tokens.length - mailed.length);
    // No token is kept as it is: neither among the links nor on the registrations' rows.
    const stored = JSON.stringify([
      links,
      await t.app.db.selectFrom('registrations').selectAll().where('event_id', '=', event.id).execute(),
    ]);
    for (const token of tokens) expect(stored).not.toContain(token);
  });

  it('los enlaces se borran con su registro', async () => {
    const event = await eventsRepository.create(t.app.db, withSeats(5));
    await signUp(t.app, event.id, 'borrada@example.org');
    const [confirmation] = await mailTo('borrada@example.org');
    await eventsRepository.remove(t.app.db, event.id);
    const left = await t.app.db
      .selectFrom('registration_links')
      .select('token_hash')
      .where('token_hash', '=', hashToken(confirmation!.manage))
      .execute();
    expect(left).toEqual([]);
    expect((await get(t.app, registrationPaths.manage(confirmation!.manage))).statusCode).toBe(404);
  });
});
