import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Resumen' })).toBeVisible();
}

/** No horizontal scrolling once the layout has settled (the menu slides away when the screen narrows). */
async function expectSettledWithoutOverflow(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

async function sendArco(page: Page, email: string, right: string) {
  const token = ((await (await page.request.get('/api/csrf')).json()) as { data: { token: string } }).data
    .token;
  const response = await page.request.post('/api/privacy/requests', {
    data: { data: { fullName: 'Alicia Ramos Peña', email, right, details: 'Quiero mis datos.' } },
    headers: { 'x-xsrf-token': token },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { folio: string } }).data.folio;
}

test.describe('Privacidad en la administración', () => {
  // Two admin screens, each scanned by axe at two widths on a shared machine.
  test.slow();
  test('Una solicitud ARCO se ve con su folio y plazos, cambia de estado y queda quién lo hizo', async ({
    page,
  }) => {
    const folio = await sendArco(page, `arco-admin-${Date.now()}@example.org`, 'oposicion');
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Derechos ARCO y plazos' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Derechos ARCO' }).click();
    await page.getByText(folio).click();
    await expect(page.getByText('Responder a más tardar el')).toBeVisible();
    await expect(page.getByText('Faltan 20 días hábiles')).toBeVisible();
    await page.getByRole('button', { name: 'Marcar como respondida' }).click();
    await expect(page.getByText('Estado: Respondida').first()).toBeVisible();
    await page.reload();
    const history = page.getByRole('list', { name: 'Quién hizo qué' });
    await expect(history).toContainText(E2E_ADMIN.email);
    await expect(history).toContainText('Cambió el estado de una solicitud ARCO');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectSettledWithoutOverflow(page);
      await page.screenshot({ path: `.e2e-tmp/admin-arco-${width}.png`, fullPage: true });
    }
    await expectAccessible(page);
  });

  test('Los datos de una persona se encuentran, se exportan y se cancelan', async ({ page }) => {
    const email = `persona-${Date.now()}@example.org`;
    const token = ((await (await page.request.get('/api/csrf')).json()) as { data: { token: string } }).data
      .token;
    const sent = await page.request.post('/api/mail/contact', {
      data: {
        data: {
          fullName: 'Alicia Ramos Peña',
          company: 'Sol y Viento',
          position: 'Ingeniera',
          email,
          phoneNumber: '5511112222',
        },
      },
      headers: { 'x-xsrf-token': token },
    });
    expect(sent.status()).toBe(201);
    await sendArco(page, email, 'acceso');

    await logIn(page);
    await page.getByRole('menuitem', { name: 'Datos de una persona' }).click();
    await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(
      page.getByRole('heading', { name: /Solicitudes de contacto y membresía \(1\)/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /Solicitudes de derechos ARCO \(1\)/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Consentimientos \(2\)/ })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^datos-personales-\d{4}-\d{2}-\d{2}\.json$/);

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectSettledWithoutOverflow(page);
      await page.screenshot({ path: `.e2e-tmp/admin-persona-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(page);

    // Cancelling cannot be undone: the screen says so, and asks for the password again first.
    await expect(page.getByText(/te pediremos de nuevo tu contraseña/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar datos' }).click();
    await page.getByRole('button', { name: 'Sí, cancelar datos' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirma que eres tú' });
    await expect(stepUp).toContainText(`Cancelar los datos de ${email}`);
    await stepUp.getByRole('textbox', { name: /Tu contraseña/ }).fill('no-es-esta');
    await stepUp.getByRole('button', { name: 'Confirmar' }).click();
    await expect(stepUp.getByText('La contraseña no es correcta')).toBeVisible();
    await expect(page.getByText(/Datos bloqueados desde el/)).toHaveCount(0);
    await stepUp.getByRole('textbox', { name: /Tu contraseña/ }).fill(E2E_ADMIN.password);
    await stepUp.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(/Datos bloqueados desde el/)).toBeVisible();

    await page.goto(`/admin#/requests?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    await expect(page.getByText('Alicia Ramos Peña')).toHaveCount(0);
    const csv = await page.request.get('/api/admin/requests/export.csv');
    expect(await csv.text()).not.toContain(email);
  });
});
