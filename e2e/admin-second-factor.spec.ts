import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

// The account here is its own, made and removed through the API as the configured admin, so the other
// specs (which log in as that admin) never meet a second factor.
const PASSWORD = 'una-clave-de-prueba-bastante-larga';

async function send(request: APIRequestContext, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  return request.fetch(url, { method, data, headers: { 'x-xsrf-token': token } });
}

async function asConfiguredAdmin(request: APIRequestContext) {
  const login = await send(request, 'POST', '/api/auth/login', E2E_ADMIN);
  expect(login.status()).toBe(200);
  await confirmPassword(request);
}

/** Creating and removing accounts ask for the password again (decision 035). */
async function confirmPassword(request: APIRequestContext) {
  const confirmed = await send(request, 'POST', '/api/admin/me/confirm', { password: E2E_ADMIN.password });
  expect(confirmed.status()).toBe(200);
}

async function logInWithPassword(page: Page, email: string) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function logOut(page: Page, email: string) {
  // The app bar hides while the page is scrolled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: `Cuenta de ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible(SLOW);
}

// Page changes wait longer than the default: the machine may be busy, and each one loads data.
const SLOW = { timeout: 30_000 };

/** The admin's first screen once she is in. */
const summary = (page: Page) => page.getByRole('banner').getByRole('heading', { name: 'Resumen' });

test.describe('Verificación en dos pasos', () => {
  test('Una administradora la activa desde «Mi cuenta» y entra con un código de su aplicación y con un código de recuperación', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.slow();
    const api = await playwright.request.newContext({ baseURL });
    await asConfiguredAdmin(api);
    const email = `dos-pasos-${Date.now().toString(36)}@example.org`;
    const created = await send(api, 'POST', '/api/admin/admins', { email, password: PASSWORD });
    expect(created.status()).toBe(201);
    const adminId = ((await created.json()) as { data: { id: string } }).data.id;

    try {
      await logInWithPassword(page, email);
      await expect(summary(page)).toBeVisible(SLOW);
      await page.getByRole('menuitem', { name: 'Mi cuenta y ajustes' }).click();
      const card = page.getByRole('region', { name: 'Verificación en dos pasos' });
      await card.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();

      const qr = card.getByRole('img', { name: /Código QR/ });
      await expect(qr).toBeVisible(SLOW);
      expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
      const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectAccessible(page);

      const totp = new TOTP({ secret: Secret.fromBase32(secret) });
      await card.getByRole('textbox', { name: /Código de la aplicación/ }).fill('123');
      await card.getByRole('button', { name: 'Confirmar y activar' }).click();
      await expect(card.getByText(/El código no es válido/)).toBeVisible();
      await card.getByRole('textbox', { name: /Código de la aplicación/ }).fill(totp.generate());
      await card.getByRole('button', { name: 'Confirmar y activar' }).click();

      const list = card.getByRole('list', { name: 'Códigos de recuperación' });
      await expect(list).toBeVisible(SLOW);
      const codes = await list.getByRole('listitem').allTextContents();
      expect(codes).toHaveLength(10);
      for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      await card.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
      await expect(card.getByText('Activada. Te quedan 10 códigos de recuperación.')).toBeVisible(SLOW);
      await logOut(page, email);
      // A logout is not an expired session.
      await expect(page.getByText('Tu sesión expiró')).toHaveCount(0);

      // With a code from the app. The one that confirmed the set-up is spent; the app's next one works.
      await logInWithPassword(page, email);
      await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible(SLOW);
      await expect(summary(page)).toHaveCount(0);
      await page.getByRole('textbox', { name: /Código de verificación/ }).fill('000000');
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /El código no es válido/ })).toBeVisible();
      const next = totp.generate({ timestamp: Date.now() + 30_000 });
      await page.getByRole('textbox', { name: /Código de verificación/ }).fill(next);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(summary(page)).toBeVisible(SLOW);
      await logOut(page, email);

      // With a recovery code, which then is spent.
      await logInWithPassword(page, email);
      await page.getByRole('textbox', { name: /Código de verificación/ }).fill(codes[0]!);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(summary(page)).toBeVisible(SLOW);
      await page.getByRole('menuitem', { name: 'Mi cuenta y ajustes' }).click();
      await expect(page.getByText('Activada. Te quedan 9 códigos de recuperación.')).toBeVisible(SLOW);
      await logOut(page, email);
      await logInWithPassword(page, email);
      await page.getByRole('textbox', { name: /Código de verificación/ }).fill(codes[0]!);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /El código no es válido/ })).toBeVisible();

      // The activity log has it.
      const audit = await api.get(`/api/admin/audit?admin=${encodeURIComponent(email)}&perPage=50`);
      const actions = ((await audit.json()) as { data: { action: string }[] }).data.map((row) => row.action);
      expect(actions).toContain('me.second-factor.enable');
      expect(actions).toContain('auth.login.failed');
    } finally {
      // Within five minutes of the confirmation it needs no other; past them, it asks again.
      if ((await send(api, 'DELETE', `/api/admin/admins/${adminId}`)).status() === 403) {
        await confirmPassword(api);
        await send(api, 'DELETE', `/api/admin/admins/${adminId}`);
      }
      await api.dispose();
    }
  });

  test('Quien abre el acceso por primera vez no ve el aviso de sesión expirada', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByText('Tu sesión expiró')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByText('Tu sesión expiró')).toHaveCount(0);
  });
});
