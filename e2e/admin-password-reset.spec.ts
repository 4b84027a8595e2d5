import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, expectAccessible, expectNoHorizontalOverflow, test, type Mailbox } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

// "¿Olvidaste tu contraseña?" from the login page to a login with the new password, the link read from
// the mail the SMTP peer received. Each account here is its own, made through the API as the configured
// admin, so the other specs never meet it.
const PASSWORD = 'una-clave-de-prueba-bastante-larga';
const NEW_PASSWORD = 'la-clave-nueva-tras-el-correo';
const SLOW = { timeout: 30_000 };

async function send(request: APIRequestContext, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  return request.fetch(url, { method, data, headers: { 'x-xsrf-token': token } });
}

/**
 * A sensitive change as the configured admin: when the server asks for the password again (decision
 * 035), she confirms it and the change is sent once more. A confirmation lasts five minutes, and each
 * one counts against her attempts, so the session confirms only when asked.
 */
async function sensitive(api: APIRequestContext, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  let answer = await send(api, method, url, data);
  if (
    answer.status() === 403 &&
    ((await answer.json()) as { error: { code: string } }).error.code === 'STEP_UP_REQUIRED'
  ) {
    const confirmed = await send(api, 'POST', '/api/admin/me/confirm', { password: E2E_ADMIN.password });
    expect(confirmed.status()).toBe(200);
    answer = await send(api, method, url, data);
  }
  return answer;
}

async function newAccount(api: APIRequestContext, prefix: string) {
  expect((await send(api, 'POST', '/api/auth/login', E2E_ADMIN)).status()).toBe(200);
  const email = `${prefix}-${Date.now().toString(36)}@example.org`;
  const created = await sensitive(api, 'POST', '/api/admin/admins', { email, password: PASSWORD });
  expect(created.status()).toBe(201);
  return { email, id: ((await created.json()) as { data: { id: string } }).data.id };
}

async function removeAccount(api: APIRequestContext, id: string) {
  expect((await sensitive(api, 'DELETE', `/api/admin/admins/${id}`)).status()).toBe(200);
}

/** From the login page: "¿Olvidaste tu contraseña?", the address, and the link from the mail. */
async function askForLink(page: Page, mailbox: Mailbox, email: string, shots?: string) {
  await page.goto('/admin');
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  const form = page.getByRole('form', { name: 'Restablecer la contraseña' });
  await form.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  if (shots) await page.screenshot({ path: `${shots}-pedir.png`, fullPage: true });
  await form.getByRole('button', { name: 'Enviar el enlace' }).click();
  await expect(form.getByRole('status')).toContainText('en unos minutos llegará un enlace');
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}-enviado.png`, fullPage: true });
  const mail = await mailbox.waitFor(
    (message) =>
      message.to.includes(email) && message.subject === 'Restablece tu contraseña de administración',
  );
  const link = /https?:\/\/\S+\/admin#\/restablecer-contrasena\/[\w-]+/.exec(mail.text)?.[0];
  expect(link, 'the mail carries the reset link').toBeDefined();
  return link!;
}

async function setNewPassword(page: Page, link: string, shots?: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible(SLOW);
  await page.getByRole('textbox', { name: /^Contraseña nueva/ }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: /^Repite la contraseña nueva/ }).fill('otra-cosa-distinta');
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByText('Las dos contraseñas no coinciden')).toBeVisible();
  await page.getByRole('textbox', { name: /^Repite la contraseña nueva/ }).fill(NEW_PASSWORD);
  await expectAccessible(page);
  await expectNoHorizontalOverflow(page);
  if (shots) await page.screenshot({ path: `${shots}-nueva.png`, fullPage: true });
  await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
  await expect(page.getByRole('status')).toContainText('tu contraseña quedó cambiada', SLOW);
  if (shots) await page.screenshot({ path: `${shots}-lista.png`, fullPage: true });
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

const summary = (page: Page) => page.getByRole('banner').getByRole('heading', { name: 'Resumen' });

test.describe('¿Olvidaste tu contraseña?', () => {
  // One session of the configured admin for the whole file: it confirms her password once.
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await playwright.request.newContext({ baseURL });
  });
  test.afterAll(async () => api.dispose());

  test('Una administradora pide el enlace, lo abre desde su correo, elige una contraseña nueva y entra con ella', async ({
    page,
    mailbox,
  }, testInfo) => {
    test.slow();
    const account = await newAccount(api, 'olvido');
    const shots = process.env.E2E_SHOTS
      ? testInfo.outputPath(`restablecer-${page.viewportSize()?.width}`)
      : undefined;
    try {
      const link = await askForLink(page, mailbox, account.email, shots);
      await setNewPassword(page, link, shots);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      // The old password no longer works; the new one does.
      await logIn(page, account.email, PASSWORD);
      await expect(page.getByRole('alert')).toContainText('Correo o contraseña incorrectos', SLOW);
      await logIn(page, account.email, NEW_PASSWORD);
      await expect(summary(page)).toBeVisible(SLOW);

      // The link works once.
      await page.goto(link);
      await page.getByRole('textbox', { name: /^Contraseña nueva/ }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: /^Repite la contraseña nueva/ }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Guardar la contraseña' }).click();
      await expect(page.getByRole('alert')).toContainText('ya se usó o venció', SLOW);
      await mailbox.waitFor(
        (message) =>
          message.to.includes(account.email) && message.subject === 'Se cambió la contraseña de tu cuenta',
      );
    } finally {
      await removeAccount(api, account.id);
    }
  });

  test('Con la verificación en dos pasos activada, la contraseña nueva sola no basta: se pide el código', async ({
    page,
    playwright,
    baseURL,
    mailbox,
  }) => {
    test.slow();
    const account = await newAccount(api, 'olvido-dos-pasos');
    try {
      // She sets up her factor through the API, as her own session.
      const own = await playwright.request.newContext({ baseURL });
      expect(
        (await send(own, 'POST', '/api/auth/login', { email: account.email, password: PASSWORD })).status(),
      ).toBe(200);
      const setup = await send(own, 'POST', '/api/admin/me/second-factor/setup');
      const { secret } = ((await setup.json()) as { data: { secret: string } }).data;
      const totp = new TOTP({ secret: Secret.fromBase32(secret) });
      expect(
        (await send(own, 'POST', '/api/admin/me/second-factor/enable', { code: totp.generate() })).status(),
      ).toBe(200);
      // Her other session ends with the reset.
      expect((await own.get('/api/admin/me/second-factor')).status()).toBe(200);

      const link = await askForLink(page, mailbox, account.email);
      await setNewPassword(page, link);
      expect((await own.get('/api/admin/me/second-factor')).status()).toBe(401);
      await own.dispose();

      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await logIn(page, account.email, NEW_PASSWORD);
      await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible(SLOW);
      await expect(summary(page)).toHaveCount(0);
      await page
        .getByRole('textbox', { name: /Código de verificación/ })
        .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(summary(page)).toBeVisible(SLOW);
    } finally {
      await removeAccount(api, account.id);
    }
  });
});

test.describe('Cambios importantes', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await playwright.request.newContext({ baseURL });
  });
  test.afterAll(async () => api.dispose());

  test('Crear y quitar una cuenta piden antes la contraseña en un diálogo', async ({ page, mailbox }) => {
    test.slow();
    const account = await newAccount(api, 'confirma');
    const other = `otra-${Date.now().toString(36)}@example.org`;
    try {
      await page.goto('/admin');
      await logIn(page, account.email, PASSWORD);
      await expect(summary(page)).toBeVisible(SLOW);
      await page.goto('/admin#/admins/create');
      await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(other);
      await page.getByLabel(/Contraseña inicial/).fill('una-clave-inicial-larga');
      await page.getByRole('button', { name: 'Guardar' }).click();

      const dialog = page.getByRole('dialog', { name: 'Confirma que eres tú' });
      await expect(dialog).toContainText(`Crear la cuenta de administración de ${other}`);
      await dialog.getByRole('textbox', { name: /Tu contraseña/ }).fill('no-es-esta');
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await expect(dialog.getByText('La contraseña no es correcta')).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('textbox', { name: /Tu contraseña/ }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await expect(page.getByText(other)).toBeVisible(SLOW);

      // The configured admin is told who did it.
      await mailbox.waitFor(
        (message) =>
          message.to.includes(E2E_ADMIN.email) &&
          message.subject ===
            `Aviso de seguridad: ${account.email} creó la cuenta de administración de ${other}`,
      );

      // Within five minutes of the confirmation, removing it asks nothing more.
      await page.getByRole('button', { name: `Quitar acceso de ${other}` }).click();
      await expect(page.getByText(`Se quitó el acceso de ${other}`)).toBeVisible(SLOW);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    } finally {
      const left = (
        (await (await api.get('/api/admin/admins')).json()) as { data: { id: string; email: string }[] }
      ).data;
      for (const admin of left.filter((row) => row.email === other)) await removeAccount(api, admin.id);
      await removeAccount(api, account.id);
    }
  });
});
