import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, test, type Mailbox } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const CLABE = '002180123456789013';

async function csrf(request: APIRequestContext) {
  return ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
}

/**
 * A member as staff bring one in from their own records (with her welcome mail), her period ending far
 * ahead so no day of the year changes what the page says: the link to her page, from the mail.
 */
async function importedMember(page: Page, mailbox: Mailbox, name: string) {
  const request = page.request;
  const login = await request.post('/api/auth/login', {
    data: E2E_ADMIN,
    headers: { 'x-xsrf-token': await csrf(request) },
  });
  expect(login.status()).toBe(200);
  const token = await csrf(request);
  const saved = await request.put('/api/admin/membership/settings', {
    data: { data: { bank: 'Banco Ejemplo', beneficiary: 'Mujeres en Energía Renovable A.C.', clabe: CLABE } },
    headers: { 'x-xsrf-token': token },
  });
  expect(saved.status()).toBe(200);
  const email = `socia.${unique()}@example.org`;
  const imported = await request.post('/api/admin/members/import?notify=1', {
    data: `Nombre,Correo,Plan,Fin del periodo,Organización,Puesto\n${name},${email},individual,2099-12-31,Solar del Norte,Directora\n`,
    headers: { 'x-xsrf-token': token, 'content-type': 'text/csv' },
  });
  expect(await imported.json()).toMatchObject({ data: { imported: 1 } });
  await request.post('/api/auth/logout', { headers: { 'x-xsrf-token': await csrf(request) } });
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Tu membresía'));
  const link = /https?:\/\/\S+\/Socia\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

test.describe('La página de una socia', () => {
  test.setTimeout(90_000);

  test('una socia ve su membresía, elige su ficha del directorio, pide renovar y se da de baja', async ({
    page,
    mailbox,
  }) => {
    const name = `Socia ${unique()}`;
    const path = await importedMember(page, mailbox, name);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu membresía' })).toBeVisible();
    await expect(page.getByText('Activa hasta el 31 de diciembre de 2099')).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Quiero aparecer en el directorio de socias').check();
    await page.getByLabel('Mi nombre').check();
    await page.getByRole('button', { name: 'Guardar mi elección' }).click();
    await expect(page).toHaveURL(/\?aviso=directorio$/);
    await expect(page.getByRole('status')).toContainText('Guardamos tu elección');
    const directory = (await (await page.request.get('/api/membership/directory')).json()) as {
      data: { fullName?: string; organisation?: string }[];
    };
    const entry = directory.data.find((row) => row.fullName === name);
    expect(entry).toBeTruthy();
    expect(entry!.organisation).toBeUndefined();

    await page.getByRole('button', { name: 'Renovar mi membresía' }).click();
    await expect(page.getByRole('heading', { name: 'Cómo pagar tu cuota' })).toBeVisible();
    await expect(page.getByText(CLABE)).toBeVisible();
    await expect(page.getByText(/^MEER-[A-Z0-9]{4}-[A-Z0-9]{4}$/)).toBeVisible();

    await page.getByText('Quiero darme de baja').click();
    await page.getByRole('button', { name: 'Darme de baja' }).click();
    await expect(page.getByRole('status')).toContainText('Registramos tu baja');
    await expect(page.getByText('Baja', { exact: true })).toBeVisible();
  });

  test('a 390 px se lee sin desplazarse de lado', async ({ page, mailbox }) => {
    const path = await importedMember(page, mailbox, `Socia ${unique()}`);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/socia-${width}.png`, fullPage: true });
    }
  });

  test('un enlace desconocido lleva a pedir uno nuevo', async ({ page }) => {
    const response = await page.goto(`/Socia/${'x'.repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Enlace no válido' })).toBeVisible();
    await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tu página de socia' })).toBeVisible();
  });
});

test.describe('La página de una socia sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('sus botones funcionan como formularios', async ({ page, mailbox }) => {
    const name = `Socia ${unique()}`;
    const path = await importedMember(page, mailbox, name);
    await page.goto(path);
    await page.getByLabel('Quiero aparecer en el directorio de socias').check();
    await page.getByLabel('Mi organización').check();
    await page.getByRole('button', { name: 'Guardar mi elección' }).click();
    await expect(page).toHaveURL(/\?aviso=directorio$/);
    await expect(page.getByLabel('Mi organización')).toBeChecked();

    await page.goto('/Socia');
    await page.locator('#socia-acceso-email').fill('nadie@example.org');
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await expect(page).toHaveURL(/\/Socia\?enviado=1$/);
    await expect(page.getByRole('status')).toContainText('te enviamos el enlace');
  });
});
