// Lighthouse (the bench's mobile settings) on the pages the sign-up and the newsletter added:
// `node scripts/bench/lighthouse-forms.ts [runs]`. The site runs as `npm run bench` starts it, with
// an admin so that the first upcoming event gets its sign-up form through the admin API (as the admin
// screen sets it), then: that event's page with the form shown, a registration's manage page, and the
// newsletter's confirmation and unsubscribe pages (their links' tokens written straight into the
// database, stored as the site stores them: their SHA-256), and the accessibility statement with its
// form to report a barrier. A member imported as staff import one (CSV) asks for her page's link
// (POST /api/membership/access) and chooses to appear in the directory from her page, so that her page
// and /Socias with its directory are measured as a member sees them. The manage and member-page links
// are read from the mails in the outbox, as the person would find them. Prints the rows; writes no
// report.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Event } from '../../src/shared/schemas.ts';
import { lighthouseRuns, lostPoints } from './browser.ts';
import { freePort, startSite } from './servers.ts';

const runs = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 3);
/** A link's token, and what the database keeps of it. */
const newToken = () => randomBytes(32).toString('base64url');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const ADMIN = { email: 'bench@example.org', password: 'una-contraseña-de-medición-larga' };
const dir = mkdtempSync(join(tmpdir(), 'bench-forms-'));
const site = await startSite(dir, await freePort(), [], {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  // Production signs in over HTTPS only: the calls below say so as a proxy in front would.
  TRUST_PROXY: '1',
});
try {
  // A session as the admin screen has one: the CSRF cookie and token, then the login.
  let cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!, value.join('='));
    }
    return response;
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const token = async () =>
    (
      (await keep(
        await fetch(`${site.base}/api/csrf`, { headers: { cookie: cookie(), 'x-forwarded-proto': 'https' } }),
      ).json()) as {
        data: { token: string };
      }
    ).data.token;
  const send = async (method: string, path: string, body: unknown) => {
    // The token first: asking for it may set the cookie it belongs with.
    const csrf = await token();
    const response = keep(
      await fetch(`${site.base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          cookie: cookie(),
          'x-xsrf-token': csrf,
          'x-forwarded-proto': 'https',
        },
        body: JSON.stringify(body),
      }),
    );
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ data: unknown }>;
  };
  cookies = new Map();
  await send('POST', '/api/auth/login', ADMIN);

  const { data: events } = (await (await fetch(`${site.base}/api/events/get-all`)).json()) as {
    data: Event[];
  };
  const event = events.find((candidate) => Date.parse(candidate.eventDate) > Date.now());
  if (!event) throw new Error('the demo content has no upcoming event');
  const { name, location, date, eventDate, description, images, imageCover, linkEvent } = event;
  await send('PUT', '/api/events/update', {
    eventId: event.id,
    eventData: {
      name,
      location,
      date,
      eventDate,
      description,
      images,
      imageCover,
      linkEvent,
      registration: { enabled: true, capacity: 20 },
    },
  });
  // One sign-up, so that its manage page exists (and the seats left read 19).
  const csrf = await token();
  const signedUp = keep(
    await fetch(`${site.base}/api/events/${event.id}/registrations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookie(),
        'x-xsrf-token': csrf,
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ data: { fullName: 'Ana Medición', email: 'ana.medicion@example.org' } }),
    }),
  );
  if (signedUp.status !== 201) throw new Error(`sign-up: ${signedUp.status}`);

  // A member of a year, imported, who asks for her page's link and then chooses the directory.
  const memberEmail = 'marta.medicion@example.org';
  const periodEnd = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const imported = await fetch(`${site.base}/api/admin/members/import`, {
    method: 'POST',
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      cookie: cookie(),
      'x-xsrf-token': await token(),
      'x-forwarded-proto': 'https',
    },
    body: `nombre,correo,plan,vence,organizacion,puesto\nMarta Medición,${memberEmail},individual,${periodEnd},Solar del Norte,Directora\n`,
  });
  if (!imported.ok) throw new Error(`member import: ${imported.status} ${await imported.text()}`);
  const asked = await fetch(`${site.base}/api/membership/access`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': await token(),
      'x-forwarded-proto': 'https',
    },
    body: JSON.stringify({ data: { email: memberEmail } }),
  });
  if (asked.status !== 202) throw new Error(`member page link: ${asked.status}`);

  const db = new SQLite(site.databaseFile);
  const mailed = (pattern: RegExp, where: string, ...values: string[]) => {
    const rows = db.prepare(`select body_text from outbox where ${where}`).all(...values) as {
      body_text: string;
    }[];
    return rows.map((row) => pattern.exec(row.body_text)?.[1]).find(Boolean);
  };
  const manage = mailed(/\/Registro\/([A-Za-z0-9_-]+)/, "purpose = 'registration-confirmed'");
  if (!manage) throw new Error('the confirmation mail carries no manage link');
  const member = mailed(/\/Socia\/([A-Za-z0-9_-]+)/, 'to_address = ?', memberEmail);
  if (!member) throw new Error('no mail carries the member page link');
  const listed = await fetch(`${site.base}/Socia/${member}/directorio`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({
      listed: 'on',
      showFullName: 'on',
      showOrganisation: 'on',
      showPosition: 'on',
      linkedin: '',
    }).toString(),
  });
  if (listed.status !== 303) throw new Error(`directory choice: ${listed.status} ${await listed.text()}`);
  const now = new Date().toISOString();
  const confirm = newToken();
  const unsubscribe = newToken();
  const subscriber = (email: string, status: string, confirmHash: string | null) => ({
    id: randomUUID(),
    email,
    status,
    confirmHash,
  });
  const pending = subscriber('pendiente@example.org', 'pending', hashToken(confirm));
  const active = subscriber('activa@example.org', 'active', null);
  const insert = db.prepare(
    `insert into newsletter_subscribers (id, email, full_name, status, source, notice_version,
       confirm_token_hash, created_at, pending_since, confirmed_at, unsubscribed_at, bounced_at, status_changed_at)
     values (?, ?, null, ?, 'boletin', '2026-11-25', ?, ?, ?, ?, null, null, ?)`,
  );
  insert.run(pending.id, pending.email, pending.status, pending.confirmHash, now, now, null, now);
  insert.run(active.id, active.email, active.status, null, now, null, now, now);
  db.prepare(
    `insert into newsletter_deliveries (campaign_id, subscriber_id, outbox_id, token_hash, created_at)
     values (?, ?, ?, ?, ?)`,
  ).run(randomUUID(), active.id, randomUUID(), hashToken(unsubscribe), now);
  db.close();

  const targets = [
    { label: `/Eventos/${event.slug} (con registro)`, url: `${site.base}/Eventos/${event.slug}` },
    { label: '/Registro/<token>', url: `${site.base}/Registro/${manage}` },
    { label: '/Boletin/confirmar/<token>', url: `${site.base}/Boletin/confirmar/${confirm}` },
    { label: '/Boletin/baja/<token>', url: `${site.base}/Boletin/baja/${unsubscribe}` },
    // The accessibility statement, with its form to report a barrier.
    { label: '/Accesibilidad', url: `${site.base}/Accesibilidad` },
    // A member's own page, and the members' page with its directory.
    { label: '/Socia/<token>', url: `${site.base}/Socia/${member}` },
    { label: '/Socias (con directorio)', url: `${site.base}/Socias` },
  ];
  for (const target of targets) {
    const response = await fetch(target.url);
    if (response.status !== 200) throw new Error(`${target.label}: ${response.status}`);
    const html = await response.text();
    if (target.label.startsWith('/Eventos') && !html.includes('Quedan 19 lugares'))
      throw new Error('the event page does not show the sign-up form');
    if (target.label.startsWith('/Socias') && !html.includes('Marta Medición'))
      throw new Error('the directory does not show the member who chose it');
  }
  if (process.argv.includes('--lost')) {
    for (const target of targets) console.log(target.label, await lostPoints(target.url));
  }
  const failed: string[] = [];
  const rows = await lighthouseRuns(targets, runs, failed);
  console.log(
    '| Page | Performance | Accessibility | Best Practices | SEO | LCP (ms) | TBT (ms) | CLS | Runs | Benchmark index |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.runScores.join(', ')} | ${Math.round(row.benchmarkIndex)} |`,
    );
  }
  if (failed.length > 0) console.log(`Runs made again: ${failed.join('; ')}`);
} finally {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
}
