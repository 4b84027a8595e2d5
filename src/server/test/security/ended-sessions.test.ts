import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../accounts/admins.repository.ts';
import { Browser, createTestApp, type TestApp } from '../app.ts';
import { apiRoutes, fillParams, type ApiRoute } from '../api-surface.ts';
import { testDialects } from '../databases.ts';

// Issue 40: a session the account ended (a password change here) whose row a request still running
// wrote back, and a session that never gave the code its account's second factor asks for, are walked
// through every route that turns a visitor away (found in the app's own route table, so routes added
// later are walked too, "who am I" among them). Every one answers 401, each time the row comes back.

const PASSWORD = 'la-contraseña-de-esta-cuenta';

interface SessionRow {
  sid: string;
  data: string;
  expires_at: string;
}

describe.each(testDialects)('ended sessions walked through every admin route on %s', (dialect) => {
  let t: TestApp;
  const routes: ApiRoute[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const stranger = new Browser(t.app);
    await stranger.csrf();
    for (const route of apiRoutes(t.app)) {
      // An admin route is one that turns away a visitor who holds a valid CSRF token.
      const probe = await stranger.request(route.method as 'GET', fillParams(route.path, 'x'), {});
      if (probe.statusCode === 401) routes.push(route);
    }
  });
  afterAll(async () => t.close());

  const rowOf = async (browser: Browser): Promise<SessionRow> => {
    const sid = t.app.unsignCookie(browser.jar.sid!).value!;
    return t.app.db.selectFrom('sessions').selectAll().where('sid', '=', sid).executeTakeFirstOrThrow();
  };
  /** The row as it was, as a request still running when the session was ended writes it back. */
  const writeBack = async (row: SessionRow) => {
    await t.app.db.deleteFrom('sessions').where('sid', '=', row.sid).execute();
    await t.app.db.insertInto('sessions').values(row).execute();
  };

  /** Every admin route, each with the row written back first, answers `browser` 401. */
  async function expectRefusedEverywhere(browser: Browser, row: SessionRow) {
    const answers: string[] = [];
    for (const route of routes) {
      await writeBack(row);
      const response = await browser.request(route.method as 'GET', fillParams(route.path, 'x'), {});
      answers.push(`${route.method} ${route.path} ${response.statusCode}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  }

  it('finds the admin routes, "who am I" and closing the other sessions among them', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'GET /api/auth/me',
      'GET /api/admin/content/events',
      'POST /api/uploads',
      'PUT /api/admin/me/password',
      'DELETE /api/admin/me/other-sessions',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('refuses on every admin route a session ended by a password change and written back', async () => {
    const account = await createAdmin(t.app.db, `cambio-${dialect}@example.org`, PASSWORD);
    const owner = new Browser(t.app);
    const other = new Browser(t.app);
    expect((await owner.login(account.email, PASSWORD)).statusCode).toBe(200);
    expect((await other.login(account.email, PASSWORD)).statusCode).toBe(200);
    await other.csrf();
    const row = await rowOf(other);
    // Written back before the change, the row is a live session: the walk below is not refused for
    // the way it writes rows.
    await writeBack(row);
    expect((await other.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const changed = await owner.request('PUT', '/api/admin/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'otra-contraseña-nueva-y-larga',
    });
    expect(changed.statusCode).toBe(200);
    await expectRefusedEverywhere(other, row);
    expect((await owner.request('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('refuses on every admin route a password-only session of an account with a second factor', async () => {
    const account = await createAdmin(t.app.db, `factor-${dialect}@example.org`, PASSWORD);
    const passwordOnly = new Browser(t.app);
    expect((await passwordOnly.login(account.email, PASSWORD)).statusCode).toBe(200);
    await passwordOnly.csrf();
    const row = await rowOf(passwordOnly);
    // The account has a second factor now, and its "valid after" instant is left aside: the code the
    // session never gave is reason enough.
    await t.app.db
      .updateTable('admins')
      .set({ totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled_at: new Date().toISOString() })
      .where('id', '=', account.id)
      .execute();
    await expectRefusedEverywhere(passwordOnly, row);
  });
});
