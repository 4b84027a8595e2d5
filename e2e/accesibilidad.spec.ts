import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

test.describe('Accesibilidad', () => {
  test('Se llega desde el pie de página; la declaración dice su objetivo y el reporte llega con su plazo', async ({
    page,
    mailbox,
  }) => {
    await page.goto('/Inicio');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accesibilidad', exact: true }).click();
    await expect(page).toHaveURL(/\/Accesibilidad$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Declaración de accesibilidad');
    await expect(page.getByText(/WCAG\) 2\.2 en su nivel AA/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Con qué lo probamos' })).toBeVisible();
    // The build wrote the last automatic check, or says that none is recorded.
    await expect(
      page.getByText(/Última revisión automática:|Todavía no hay registrada ninguna revisión automática/),
    ).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

    const form = page.getByRole('form', { name: 'Tu reporte' });
    await expect(form.getByRole('complementary', { name: 'Aviso de privacidad simplificado' })).toContainText(
      'corregir la barrera que nos reportas',
    );
    await form.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(form.getByText('Este campo es requerido').first()).toBeVisible();
    await expect(form.getByLabel('Dirección o nombre de la página')).toBeFocused();

    const email = `barrera-js-${Date.now()}@example.org`;
    await form.getByLabel('Dirección o nombre de la página').fill('/Membresias');
    await form.getByLabel('¿Qué pasó?').fill('El selector de membresía no se puede usar con el teclado.');
    await form.getByLabel('Tu correo electrónico (opcional)').fill(email);
    await form.getByRole('button', { name: 'Enviar reporte' }).click();
    const receipt = page.getByRole('status');
    await expect(receipt).toContainText('Recibimos tu reporte');
    await expect(receipt).toContainText(/a más tardar el .+, \d+ de .+ de \d{4}/);
    const ack = await mailbox.waitFor((message) => message.envelope.to.includes(email));
    expect(ack.subject).toBe('Recibimos tu reporte de accesibilidad');
    expect(ack.text).not.toContain('teclado');

    // In the admin's inbox as its own kind, with its deadline counted as the ARCO ones are.
    await page.goto('/admin');
    await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
    await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Resumen' })).toBeVisible();
    await page.goto(`/admin#/requests?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    await page.getByText('Página: /Membresias').first().click();
    await expect(page.getByText('Barrera de accesibilidad')).toBeVisible();
    await expect(page.getByText('Faltan 10 días hábiles')).toBeVisible();
    await expect(page.getByText('El selector de membresía no se puede usar con el teclado.')).toBeVisible();
    await page.screenshot({ path: '.e2e-tmp/accesibilidad-admin-1440.png', fullPage: true });

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/Accesibilidad');
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await page.screenshot({ path: `.e2e-tmp/accesibilidad-${width}.png`, fullPage: true });
    }
  });
});

test.describe('Accesibilidad sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Un reporte con errores vuelve con lo escrito; uno completo llega a la bandeja', async ({
    page,
    mailbox,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto('/Accesibilidad');
    const form = page.getByRole('form', { name: 'Tu reporte' });
    await form.getByLabel('Dirección o nombre de la página').fill('/Socias');
    await form.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(page).toHaveURL(/\/Accesibilidad$/);
    await expect(page.getByRole('alert')).toContainText('Revisa los campos marcados.');
    await expect(form.getByLabel('Dirección o nombre de la página')).toHaveValue('/Socias');
    await page.screenshot({ path: '.e2e-tmp/accesibilidad-sin-js-errores-390.png', fullPage: true });

    const details = `Las fotos de las socias no tienen descripción ${Date.now()}`;
    await form.getByLabel('¿Qué pasó?').fill(details);
    await form.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(page).toHaveURL(/\/Accesibilidad\/Enviado$/);
    await expect(page.getByRole('status')).toContainText('en un máximo de 10 días hábiles');
    await page.screenshot({ path: '.e2e-tmp/accesibilidad-sin-js-enviado-390.png', fullPage: true });
    const notice = await mailbox.waitFor((message) => message.text.includes(details));
    expect(notice.subject).toBe('Barrera de accesibilidad reportada: /Socias');
  });
});
