import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/admin-schemas.ts';
import type { EventCertificates, SurveyResults } from '../../shared/certificates.ts';
import { clock, compareDays } from '../../shared/clock.ts';
import type { Event } from '../../shared/schemas.ts';
import type { App } from '../app.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { addDemoActivity } from './activity.service.ts';
import { FULL_EVENT, OPEN_EVENT, PAST_EVENT } from './demo-activity.ts';
import { ACTIVITY_MARKER } from './demo.repository.ts';

// Fixed instants, each at an end where a day counted in UTC would be the wrong one: the last evening
// of a month, of a year, and the first minutes of a month after a February.
const MONTH_END = new Date('2027-01-31T23:30:00.000Z'); // 31 January, 17:30 in Mexico City
const YEAR_END = new Date('2026-12-31T18:00:00.000Z'); // 31 December, noon
const MARCH_FIRST = new Date('2027-03-01T06:30:00.000Z'); // 1 March, 00:30

const TABLES = [
  'events',
  'registrations',
  'consents',
  'certificates',
  'event_followups',
  'survey_answers',
  'newsletter_subscribers',
  'newsletter_campaigns',
  'newsletter_deliveries',
  'outbox',
] as const;

async function tableCounts(app: App) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

async function listedEvents(app: App): Promise<Event[]> {
  const response = await app.inject({ method: 'GET', url: '/api/events/get-all' });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Event[] }>().data;
}

const bySlug = (events: Event[], slug: string) => {
  const event = events.find((listed) => listed.slug === slug);
  expect(event, slug).toBeDefined();
  return event!;
};

describe.each(testDialects)('La actividad de la demostración en %s', (dialect) => {
  describe('al primer arranque, a fin de mes', () => {
    let t: TestApp;
    let admin: Browser;
    beforeAll(async () => {
      t = await createTestApp(dialect, { seedDemo: true, now: () => MONTH_END });
      admin = new Browser(t.app);
      expect((await admin.login()).statusCode).toBe(200);
    });
    afterAll(async () => t?.close());

    it('Dos eventos próximos abren su registro: uno lleno con lista de espera, otro con lugares', async () => {
      const events = await listedEvents(t.app);
      const full = bySlug(events, FULL_EVENT.slug);
      const open = bySlug(events, OPEN_EVENT.slug);
      expect(full.registration).toEqual({ enabled: true, capacity: 6, confirmed: 6, waitlisted: 3 });
      expect(open.registration).toEqual({ enabled: true, capacity: 40, confirmed: 5, waitlisted: 0 });
      for (const event of [full, open]) expect(clock.isUpcoming(event.eventDate, MONTH_END)).toBe(true);
      // On the days planned, at their hours on the association's clock.
      expect(clock.wallTime(full.eventDate)).toMatchObject({ year: 2027, month: 2, day: 11, hour: 17 });
      expect(clock.wallTime(open.eventDate)).toMatchObject({ year: 2027, month: 3, day: 13, hour: 10 });

      const list = await admin.request('GET', `/api/admin/events/${full.id}/registrations`);
      const { data } = list.json<{ data: { status: string; place: number | null; email: string }[] }>();
      expect(data.filter((row) => row.status === 'confirmed')).toHaveLength(6);
      expect(data.filter((row) => row.status === 'waitlisted').map((row) => row.place)).toEqual([1, 2, 3]);
      for (const row of data) expect(row.email).toMatch(/@example\.(org|com)$/);
    });

    it('Un evento pasado tiene sus asistentes, sus constancias vigentes y respuestas de la encuesta', async () => {
      const past = bySlug(await listedEvents(t.app), PAST_EVENT.slug);
      expect(compareDays(clock.day(past.eventDate)!, clock.today(MONTH_END))).toBeLessThan(0);
      expect(clock.wallTime(past.eventDate)).toMatchObject({ year: 2026, month: 12, day: 12, hour: 10 });

      const registrations = await admin.request('GET', `/api/admin/events/${past.id}/registrations`);
      expect(registrations.json<{ registration: object }>().registration).toEqual({
        enabled: true,
        capacity: 25,
        confirmed: 9,
        waitlisted: 0,
        checkedIn: 7,
      });
      const certificates = (await admin.request('GET', `/api/admin/events/${past.id}/certificates`)).json<{
        data: EventCertificates;
      }>().data;
      expect(certificates.settings).toMatchObject({ enabled: true, hours: 4 });
      expect(certificates.certificates).toHaveLength(7);
      expect(certificates.certificates.every((item) => item.revokedAt === null)).toBe(true);
      expect(certificates).toMatchObject({ checkedIn: 7, mailed: 7 });
      for (const item of certificates.certificates) expect(item.folio).toMatch(/^C(-[2-9A-Z]{4}){4}$/);

      const survey = (await admin.request('GET', `/api/admin/events/${past.id}/survey/results`)).json<{
        data: SurveyResults;
      }>().data;
      expect(survey.responses).toBe(4);
      expect(survey.averageRating).toBeCloseTo(4.5);
      expect(survey.comments.filter((comment) => comment.name !== null)).toHaveLength(2);
      // Answered within the week the survey stayed open, and before now.
      for (const comment of survey.comments) {
        expect(Date.parse(comment.answeredAt)).toBeGreaterThan(Date.parse(past.eventDate));
        expect(Date.parse(comment.answeredAt)).toBeLessThan(Date.parse(past.eventDate) + 7 * 86_400_000);
      }
    });

    it('El boletín tiene una campaña enviada a sus suscriptoras confirmadas, y nada espera en la bandeja de salida', async () => {
      const campaigns = (await admin.request('GET', '/api/admin/newsletter/campaigns')).json<{
        data: Campaign[];
      }>().data;
      expect(campaigns).toHaveLength(1);
      expect(campaigns[0]).toMatchObject({ status: 'sent', total: 5, sent: 5, failed: 0, cancelled: 0 });
      expect(Date.parse(campaigns[0]!.sendStartedAt!)).toBeLessThan(MONTH_END.getTime());

      const subscribers = await t.app.db
        .selectFrom('newsletter_subscribers')
        .select(['status', 'confirmed_at'])
        .execute();
      expect(subscribers).toHaveLength(5);
      expect(subscribers.every((row) => row.status === 'active' && row.confirmed_at !== null)).toBe(true);

      const waiting = await t.app.db
        .selectFrom('outbox')
        .select('id')
        .where('status', 'not in', ['sent', 'cancelled'])
        .execute();
      expect(waiting).toEqual([]);
    });

    it('Otra vez no añade nada: ni en este arranque, ni después', async () => {
      const before = await tableCounts(t.app);
      expect(await addDemoActivity(t.app.db, { mailFrom: t.app.config.mailFrom, now: MONTH_END })).toBe(
        false,
      );
      expect(await addDemoActivity(t.app.db, { mailFrom: t.app.config.mailFrom })).toBe(false);
      expect(await tableCounts(t.app)).toEqual(before);
      const marker = await t.app.db
        .selectFrom('kv')
        .select('value')
        .where('key', '=', ACTIVITY_MARKER)
        .executeTakeFirst();
      expect(marker?.value).toBe(MONTH_END.toISOString());
    });
  });

  it.each([
    ['a fin de año', YEAR_END, { full: [2027, 1], open: [2027, 2], past: [2026, 11] }],
    ['al empezar marzo', MARCH_FIRST, { full: [2027, 4], open: [2027, 5], past: [2027, 2] }],
  ] as const)('Las fechas se cuentan en el reloj de la asociación %s', async (_label, now, months) => {
    const t = await createTestApp(dialect, { seedDemo: true, now: () => now });
    try {
      const events = await listedEvents(t.app);
      for (const [plan, [year, month]] of [
        [FULL_EVENT, months.full],
        [OPEN_EVENT, months.open],
        [PAST_EVENT, months.past],
      ] as const) {
        const event = bySlug(events, plan.slug);
        expect(clock.wallTime(event.eventDate)).toMatchObject({
          year,
          month,
          day: plan.day,
          hour: plan.hour,
        });
        expect(clock.isUpcoming(event.eventDate, now)).toBe(plan !== PAST_EVENT);
      }
      const past = bySlug(events, PAST_EVENT.slug);
      const issued = await t.app.db.selectFrom('certificates').select('issued_at').execute();
      const answers = await t.app.db.selectFrom('survey_answers').select('answered_at').execute();
      for (const { issued_at } of issued)
        expect(Date.parse(issued_at)).toBeGreaterThan(Date.parse(past.eventDate));
      for (const at of [...issued.map((row) => row.issued_at), ...answers.map((row) => row.answered_at)]) {
        expect(Date.parse(at)).toBeLessThan(now.getTime());
      }
    } finally {
      await t.close();
    }
  });

  it.each([
    ['sin SEED_DEMO', { seedDemo: false }],
    ['en producción', { seedDemo: true, env: 'production' as const }],
  ])('No hay actividad de demostración %s', async (_label, overrides) => {
    const t = await createTestApp(dialect, { ...overrides, now: () => MONTH_END });
    try {
      const counts = await tableCounts(t.app);
      expect(counts).toMatchObject({ registrations: 0, newsletter_campaigns: 0, outbox: 0 });
      // In production the demo content may still be asked for; its activity never is.
      expect(counts.events! > 0).toBe(overrides.seedDemo);
    } finally {
      await t.close();
    }
  });
});
