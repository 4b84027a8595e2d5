import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, TEST_ADMIN, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { actionName } from '../audit/audit.hook.ts';

const event = {
  name: 'Foro de mujeres en energía eólica',
  location: 'Oaxaca',
  date: '12 de mayo de 2027',
  eventDate: '2027-05-12T16:00:00Z',
  description: 'Encuentro regional.',
  images: [],
  imageCover: [],
  linkEvent: 'https://example.org/foro',
};

describe('audit action names', () => {
  it('names an action by its route, without the /api/admin prefix or parameters', () => {
    expect(actionName('POST', '/api/events/create')).toBe('events.create');
    expect(actionName('DELETE', '/api/partners/delete/:id')).toBe('partners.delete');
    expect(actionName('PUT', '/api/admin/requests/:id/status')).toBe('requests.status');
    expect(actionName('POST', '/api/uploads')).toBe('uploads.create');
    expect(actionName('POST', '/api/admin/admins')).toBe('admins.create');
    expect(actionName('DELETE', '/api/admin/admins/:id')).toBe('admins.delete');
    expect(actionName('PUT', '/api/admin/me/password')).toBe('me.password');
    expect(actionName('PUT', '/api/admin/settings/retention')).toBe('settings.retention.update');
  });
});

describe.each(testDialects)('admin accounts and audit log on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = new Browser(t.app);
    await admin.login();
    // Creating and removing accounts ask for the password again (decision 035; step-up.test.ts).
    await admin.confirm();
  });
  afterAll(async () => t.close());

  const adminIds = async () =>
    (await admin.request('GET', '/api/admin/admins')).json<{ data: { id: string; email: string }[] }>().data;

  it('never removes the last admin', async () => {
    const [only] = await adminIds();
    const response = await admin.request('DELETE', `/api/admin/admins/${only!.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'LAST_ADMIN',
      message: 'No se puede eliminar a la única administradora.',
    });
    expect(await adminIds()).toHaveLength(1);
  });

  it('creates an admin with a long enough password, once per e-mail, and removes her', async () => {
    const short = await admin.request('POST', '/api/admin/admins', {
      email: 'lucia@example.org',
      password: 'corta',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe('La contraseña debe tener al menos 12 caracteres');

    const created = await admin.request('POST', '/api/admin/admins', {
      email: 'Lucia@Example.org',
      password: 'una-clave-bastante-larga',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ email: 'lucia@example.org' });
    const twice = await admin.request('POST', '/api/admin/admins', {
      email: 'lucia@example.org',
      password: 'otra-clave-bastante-larga',
    });
    expect(twice.statusCode).toBe(409);

    const lucia = new Browser(t.app);
    expect((await lucia.login('lucia@example.org', 'una-clave-bastante-larga')).statusCode).toBe(200);
    const removed = await admin.request('DELETE', `/api/admin/admins/${created.json().data.id}`);
    expect(removed.statusCode).toBe(200);
    // Her open session stops working at once.
    expect((await lucia.request('GET', '/api/admin/requests')).statusCode).toBe(401);
    expect((await admin.request('DELETE', '/api/admin/admins/no-existe')).statusCode).toBe(404);
  });

  it('changes her own password only with the current one', async () => {
    const wrong = await admin.request('PUT', '/api/admin/me/password', {
      currentPassword: 'no-es-esta',
      newPassword: 'una-nueva-clave-segura',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'La contraseña actual no es correcta' });
    // The same admin signed in on another device.
    const elsewhere = new Browser(t.app);
    await elsewhere.login();
    expect((await elsewhere.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const changed = await admin.request('PUT', '/api/admin/me/password', {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'una-nueva-clave-segura',
    });
    expect(changed.statusCode).toBe(200);
    // That other session ends with the old password; the one that changed it goes on.
    expect((await elsewhere.request('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await admin.request('GET', '/api/auth/me')).statusCode).toBe(200);
    const fresh = new Browser(t.app);
    expect((await fresh.login(TEST_ADMIN.email, TEST_ADMIN.password)).statusCode).toBe(401);
    expect((await fresh.login(TEST_ADMIN.email, 'una-nueva-clave-segura')).statusCode).toBe(200);
  });

  it('writes who did what and when for content writes and admin actions, not for failures or visitors', async () => {
    const before = new Date().toISOString();
    const created = await admin.request('POST', '/api/events/create', { event });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(
      (await admin.request('PUT', '/api/events/update', { eventId: id, eventData: event })).statusCode,
    ).toBe(200);
    expect((await admin.request('DELETE', `/api/events/delete/${id}`)).statusCode).toBe(200);
    expect((await admin.request('DELETE', `/api/events/delete/${id}`)).statusCode).toBe(404);
    const visitor = new Browser(t.app);
    await visitor.request('POST', '/api/events/create', { event });

    const response = await admin.request('GET', '/api/admin/audit?perPage=200');
    expect(response.statusCode).toBe(200);
    const entries = response.json<{
      data: { action: string; targetId: string | null; adminEmail: string; createdAt: string }[];
    }>().data;
    const forEvent = entries.filter((entry) => entry.targetId === id);
    expect(forEvent.map((entry) => entry.action)).toEqual([
      'events.delete',
      'events.update',
      'events.create',
    ]);
    for (const entry of forEvent) {
      expect(entry.adminEmail).toBe(TEST_ADMIN.email);
      expect(entry.createdAt >= before).toBe(true);
    }
    const actions = entries.map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['admins.create', 'admins.delete', 'me.password', 'auth.login']),
    );
    // Refused attempts (the short password, the repeated e-mail) are not actions that happened.
    expect(actions.filter((action) => action === 'admins.create')).toHaveLength(1);
  });

  it('records a logout under the admin who left, and keeps the log from visitors', async () => {
    const other = new Browser(t.app);
    await other.login(TEST_ADMIN.email, 'una-nueva-clave-segura');
    expect((await other.request('POST', '/api/auth/logout')).statusCode).toBe(200);
    const entries = (await admin.request('GET', '/api/admin/audit?action=auth.logout')).json().data;
    expect(entries).toEqual([expect.objectContaining({ adminEmail: TEST_ADMIN.email, method: 'POST' })]);
    expect((await new Browser(t.app).request('GET', '/api/admin/audit')).statusCode).toBe(401);
  });
});
