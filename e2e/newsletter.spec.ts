import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  mailHeader,
  test,
  type Mailbox,
} from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

const WIDTHS = [1440, 390];
const SHOTS = process.env.NEWSLETTER_SHOTS;

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** axe and the layout at both widths; a screenshot of each when NEWSLETTER_SHOTS names a folder. */
async function checkScreens(page: Page, name: string, axe = true) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // axe runs as a script in the page: only where the page runs scripts.
    if (axe) await expectAccessible(page);
    await expectNoHorizontalOverflow(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The admin's API, logged in. */
async function adminApi(request: APIRequestContext) {
  const token = async () =>
    ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  expect(
    (
      await request.post('/api/auth/login', { data: E2E_ADMIN, headers: { 'x-xsrf-token': await token() } })
    ).ok(),
  ).toBe(true);
  const csrf = await token();
  // Sending asks for the password again (the step-up); given once, it holds five minutes.
  expect(
    (
      await request.post('/api/admin/me/confirm', {
        data: { password: E2E_ADMIN.password },
        headers: { 'x-xsrf-token': csrf },
      })
    ).status(),
  ).toBe(200);
  return {
    async send(subject: string) {
      const created = await request.post('/api/admin/newsletter/campaigns', {
        data: { data: { subject, html: `<p>Novedades: <strong>${subject}</strong></p>` } },
        headers: { 'x-xsrf-token': csrf },
      });
      expect(created.status()).toBe(201);
      const { id } = ((await created.json()) as { data: { id: string } }).data;
      const sent = await request.post(`/api/admin/newsletter/campaigns/${id}/send`, {
        headers: { 'x-xsrf-token': csrf },
      });
      expect(sent.status()).toBe(202);
      return id;
    },
    async waitUntilSent(id: string) {
      await expect
        .poll(
          async () =>
            (
              (await (await request.get(`/api/admin/newsletter/campaigns/${id}`)).json()) as {
                data: { status: string };
              }
            ).data.status,
          { timeout: 30_000 },
        )
        .toBe('sent');
    },
  };
}

const confirmLink = async (mailbox: Mailbox, email: string) => {
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirma'));
  const link = /https?:\/\/\S+\/Boletin\/confirmar\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
};

async function receiveCampaign(mailbox: Mailbox, email: string, subject: string) {
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject === subject, 30_000);
  const unsubscribe = mailHeader(mail, 'List-Unsubscribe');
  expect(unsubscribe).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/Boletin\/baja\/[A-Za-z0-9_-]+>$/);
  expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(mailHeader(mail, 'List-Id')).toMatch(/^Boletin <boletin\.127\.0\.0\.1>$/);
  expect(mail.html).toContain('Darte de baja');
  expect(mail.text).toContain('Darte de baja');
  expect(mailbox.all().filter((m) => m.to.includes(email) && m.subject === subject)).toHaveLength(1);
  return new URL(unsubscribe!.slice(1, -1)).pathname;
}

test.describe('boletín con JavaScript', () => {
  test('suscribirse en el pie, confirmar, recibir una campaña, baja en un clic y no recibir más', async ({
    page,
    mailbox,
    request,
  }) => {
    const email = `boletin.js.${unique()}@example.org`;
    await page.goto('/Inicio');
    const footer = page.locator('footer form');
    await footer.getByLabel('Correo electrónico').fill(email);
    await footer.getByLabel('Nombre (opcional)').fill('Irene');
    await checkScreens(page, 'footer');
    await footer.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(footer.getByRole('status')).toContainText('Te enviamos un correo');
    await expect(page).toHaveURL(/\/Inicio$/);

    const confirmPath = await confirmLink(mailbox, email);
    await page.goto(confirmPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirma tu suscripción');
    await checkScreens(page, 'confirmar');
    await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
    await expect(page).toHaveURL(/\/Boletin\/Confirmada$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suscripción confirmada');

    const admin = await adminApi(request);
    const subject = `Boletín ${unique()}`;
    await admin.send(subject);
    const unsubscribePath = await receiveCampaign(mailbox, email, subject);
    // Opening the link changes nothing: the page asks for the button.
    await page.goto(unsubscribePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Darte de baja del boletín');
    await checkScreens(page, 'baja');

    // The mail provider's one-click post: no cookie, no token, no Origin; 200 and no redirect.
    const oneClick = await request.fetch(unsubscribePath, {
      method: 'POST',
      form: { 'List-Unsubscribe': 'One-Click' },
      maxRedirects: 0,
      headers: { cookie: '' },
    });
    expect(oneClick.status()).toBe(200);
    expect(oneClick.headers().location).toBeUndefined();

    const after = `Después ${unique()}`;
    await admin.waitUntilSent(await admin.send(after));
    expect(mailbox.all().filter((m) => m.to.includes(email) && m.subject === after)).toHaveLength(0);
  });
});

test.describe('boletín: páginas de error', () => {
  test('un enlace desconocido muestra una página 404 accesible, y un correo inválido recibe su mensaje junto al campo', async ({
    page,
  }) => {
    const response = await page.goto('/Boletin/baja/desconocido-desconocido-desconocido');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enlace no válido');
    await checkScreens(page, 'desconocido');
    await page.goto('/Inicio');
    const footer = page.locator('footer form');
    await footer.getByLabel('Correo electrónico').fill('no-es-correo');
    // The browser's own check would stop the post; the server's answer is what is tested here.
    await footer.evaluate((form) => form.setAttribute('novalidate', ''));
    await footer.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(footer.getByText('El campo no cumple')).toBeVisible();
    await expect(page).toHaveURL(/\/Inicio$/);
    await checkScreens(page, 'boletin-rechazo');
  });
});

test.describe('boletín sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('el formulario del pie, las páginas de confirmar y de baja funcionan sin script', async ({
    page,
    mailbox,
    request,
  }) => {
    const email = `boletin.plano.${unique()}@example.org`;
    await page.goto('/Membresias');
    const footer = page.locator('footer form');
    await footer.getByLabel('Correo electrónico').fill(email);
    await footer.getByRole('button', { name: 'Suscribirme' }).click();
    await expect(page).toHaveURL(/\/Boletin\/Pendiente$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');
    await checkScreens(page, 'pendiente', false);

    const confirmPath = await confirmLink(mailbox, email);
    await page.goto(confirmPath);
    await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
    await expect(page).toHaveURL(/\/Boletin\/Confirmada$/);

    const admin = await adminApi(request);
    const subject = `Boletín sin script ${unique()}`;
    await admin.send(subject);
    const unsubscribePath = await receiveCampaign(mailbox, email, subject);

    await page.goto(unsubscribePath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Darte de baja del boletín');
    await page.getByRole('button', { name: 'Darme de baja' }).click();
    await expect(page).toHaveURL(/\/Boletin\/BajaConfirmada$/);
    await checkScreens(page, 'baja-confirmada', false);

    const after = `Después sin script ${unique()}`;
    await admin.waitUntilSent(await admin.send(after));
    expect(mailbox.all().filter((m) => m.to.includes(email) && m.subject === after)).toHaveLength(0);
  });
});
