import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

// "Cerrar las demás sesiones" (decision 046), on an account of its own, made and removed through the
// API as the configured admin, so the other specs' sessions are never closed.
const PASSWORD = 'una-clave-de-prueba-bastante-larga';
const SLOW = { timeout: 30_000 };

async function send(request: APIRequestContext, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  return request.fetch(url, { method, data, headers: { 'x-xsrf-token': token } });
}

test('Una administradora cierra sus demás sesiones desde «Mi cuenta» y la suya sigue abierta', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const admin = await playwright.request.newContext({ baseURL });
  expect((await send(admin, 'POST', '/api/auth/login', E2E_ADMIN)).status()).toBe(200);
  expect(
    (await send(admin, 'POST', '/api/admin/me/confirm', { password: E2E_ADMIN.password })).status(),
  ).toBe(200);
  const email = `sesiones-${Date.now().toString(36)}@example.org`;
  const created = await send(admin, 'POST', '/api/admin/admins', { email, password: PASSWORD });
  expect(created.status()).toBe(201);
  const adminId = ((await created.json()) as { data: { id: string } }).data.id;
  // Her other session: a browser left signed in elsewhere.
  const elsewhere = await playwright.request.newContext({ baseURL });

  try {
    expect((await send(elsewhere, 'POST', '/api/auth/login', { email, password: PASSWORD })).status()).toBe(
      200,
    );
    expect((await elsewhere.get('/api/auth/me')).status()).toBe(200);

    await page.goto('/admin');
    await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
    await page.getByRole('textbox', { name: /Contraseña/ }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('menuitem', { name: 'Mi cuenta y ajustes' }).click(SLOW);
    const card = page.getByRole('region', { name: 'Sesiones abiertas' });
    await expect(card).toBeVisible(SLOW);
    await expectAccessible(page);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`sesiones-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await card.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirma que eres tú' });
    await dialog.getByLabel(/Tu contraseña/).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Se cerró 1 sesión.')).toBeVisible(SLOW);

    // The other session is over; hers goes on.
    expect((await elsewhere.get('/api/auth/me')).status()).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Sesiones abiertas' })).toBeVisible(SLOW);
  } finally {
    await elsewhere.dispose();
    expect((await send(admin, 'DELETE', `/api/admin/admins/${adminId}`)).status()).toBe(200);
    await admin.dispose();
  }
});
