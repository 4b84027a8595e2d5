import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/server/db/ids.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { adminPaths, apiRoutes } from '../../src/shared/api-paths.ts';
import { createFaultDatabase, type FaultDatabase } from './harness/databases.ts';
import { FAULT_ADMIN, ROOT, startServer, type ServerProcess } from './harness/server-process.ts';
import { Visitor } from './harness/visitor.ts';

const SUBSCRIBERS = 20_000;
const SIGN_UPS = 3_000;

/** The Node flags of the systemd unit: the site runs here with the heap cap it has on a server. */
function unitNodeFlags(): string[] {
  const unit = readFileSync(join(ROOT, 'deploy/systemd/sitio.service'), 'utf8');
  const execStart = /^ExecStart=\/usr\/bin\/node ((?:--\S+ )*)src\/server\/main\.ts$/m.exec(unit);
  if (!execStart) throw new Error('the unit does not start src/server/main.ts with node');
  return execStart[1]!.trim().split(/\s+/).filter(Boolean);
}

/** A phone's photo: 12 megapixels of softened noise, about 3 MB of JPEG, as a camera makes them. */
const phonePhoto = (seed: number) =>
  sharp(randomBytes(4032 * 3024 * 3), { raw: { width: 4032, height: 3024, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 - seed })
    .toBuffer();

/**
 * The heaviest staff work at once, on a site as large as the association's may grow (20,000
 * subscribers, an event of 3,000 sign-ups), under the unit's own Node flags: three subscriber exports,
 * three sign-up exports, a campaign sent to everyone and three phone photos uploaded together. Built
 * whole in memory, this ended the process with "JavaScript heap out of memory" under the old 64 MB
 * cap; streamed, it needs about 100 MB of heap at its peak, and the units' cap is twice that.
 */
describe('the heaviest staff work under the systemd unit’s heap cap', () => {
  let database: FaultDatabase;
  let server: ServerProcess;
  let eventId = '';

  beforeAll(async () => {
    database = await createFaultDatabase('sqlite');
    const { db } = database.open();
    await migrateToLatest(db);
    const now = new Date().toISOString();
    for (let start = 0; start < SUBSCRIBERS; start += 1_000) {
      await db
        .insertInto('newsletter_subscribers')
        .values(
          Array.from({ length: 1_000 }, (_, offset) => ({
            id: timeOrderedId(),
            email: `suscriptora.${start + offset}@example.org`,
            full_name: `Suscriptora ${start + offset}`,
            status: 'active' as const,
            source: 'boletin',
            notice_version: '2026-11-01',
            confirm_token_hash: null,
            created_at: now,
            pending_since: null,
            confirmed_at: now,
            unsubscribed_at: null,
            bounced_at: null,
            status_changed_at: now,
          })),
        )
        .execute();
    }
    eventId = timeOrderedId();
    await db
      .insertInto('events')
      .values({
        id: eventId,
        name: 'Encuentro anual con cupo grande',
        location: 'Ciudad de México',
        date: '10 de marzo de 2099',
        event_date: '2099-03-10T16:00:00.000Z',
        description: 'El encuentro del año.',
        images: '[]',
        image_cover: '[]',
        link_event: 'https://example.org/encuentro',
        slug: 'encuentro-anual-cupo-grande',
        registration_enabled: 1,
        registration_capacity: SIGN_UPS,
        registration_confirmed: SIGN_UPS,
        status: 'published',
        publish_at: null,
        published_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (let start = 0; start < SIGN_UPS; start += 500) {
      await db
        .insertInto('registrations')
        .values(
          Array.from({ length: 500 }, (_, offset) => {
            const email = `asistente.${start + offset}@example.org`;
            return {
              id: timeOrderedId(),
              event_id: eventId,
              full_name: `Asistente ${start + offset}`,
              email,
              email_key: email,
              status: 'confirmed' as const,
              place: null,
              source: 'sitio',
              reminder_for: null,
              created_at: now,
              confirmed_at: now,
              cancelled_at: null,
              checked_in_at: null,
            };
          }),
        )
        .execute();
    }
    server = await startServer({
      env: { DATABASE_URL: database.url, UPLOAD_DIR: join(database.dir!, 'uploads'), LOG_LEVEL: 'warn' },
      nodeFlags: unitNodeFlags(),
      readyTimeoutMs: 60_000,
    });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it('finishes every piece, whole, and the site keeps answering', async () => {
    const admin = new Visitor(server.url);
    expect((await admin.login(FAULT_ADMIN.email, FAULT_ADMIN.password)).status).toBe(200);
    // Sending to everyone asks for the password again (the step-up), as staff would give it.
    await admin.request('POST', apiRoutes.stepUp, { password: FAULT_ADMIN.password });
    const campaign = await admin.request('POST', apiRoutes.newsletterCampaigns, {
      data: { subject: 'Boletín de marzo', html: `<p>${'Noticias de la asociación. '.repeat(200)}</p>` },
    });
    expect(campaign.status).toBe(201);
    const campaignId = (campaign.body as { data: { id: string } }).data.id;
    const photos = await Promise.all([0, 1, 2].map(phonePhoto));

    const download = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { cookie: admin.cookieHeader },
        signal: AbortSignal.timeout(120_000),
      });
      return { status: response.status, lines: (await response.text()).split('\r\n').length };
    };
    const upload = async (photo: Buffer, index: number) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `foto-${index}.jpg`);
      const response = await fetch(`${server.url}${apiRoutes.upload}`, {
        method: 'POST',
        headers: { cookie: admin.cookieHeader, 'x-xsrf-token': admin.token },
        body: form,
        signal: AbortSignal.timeout(120_000),
      });
      return response.status;
    };
    const [subscriberCsvs, signUpCsvs, sent, uploads] = await Promise.all([
      Promise.all([1, 2, 3].map(() => download(adminPaths.newsletterSubscribersCsv))),
      Promise.all([1, 2, 3].map(() => download(adminPaths.eventRegistrationsCsv(eventId)))),
      admin.request('POST', `/api/admin/newsletter/campaigns/${campaignId}/send`, undefined, 120_000),
      Promise.all(photos.map(upload)),
    ]);

    // Header, one line a row, and the final line break.
    for (const csv of subscriberCsvs) expect(csv).toEqual({ status: 200, lines: SUBSCRIBERS + 2 });
    for (const csv of signUpCsvs) expect(csv).toEqual({ status: 200, lines: SIGN_UPS + 2 });
    expect(sent.status).toBe(202);
    expect(uploads).toEqual([201, 201, 201]);
    // The campaign is queued to every subscriber, in the background, a batch at a time.
    const { db } = database.open();
    await expect
      .poll(
        async () =>
          Number(
            (
              await db
                .selectFrom('outbox')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('stream', '=', 'bulk')
                .executeTakeFirstOrThrow()
            ).n,
          ),
        { timeout: 120_000, interval: 500 },
      )
      .toBe(SUBSCRIBERS);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.output.join('\n')).not.toMatch(/heap out of memory|FATAL ERROR/);
  }, 300_000);
});
