import { FOLIO_PATTERN } from '../src/shared/arco.ts';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';

const folioOf = (text: string) => /ARCO-\d{6}-[2-9A-Z]{4}/.exec(text)?.[0];

test.describe('Derechos ARCO', () => {
  test('Se llega desde el pie de página y desde el aviso, y envía la solicitud con su folio', async ({
    page,
    mailbox,
  }) => {
    await page.goto('/Inicio');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Derechos ARCO', exact: true }).click();
    await expect(page).toHaveURL(/\/DerechosARCO$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Derechos ARCO');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

    const form = page.getByRole('form', { name: 'Tu solicitud' });
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(form.getByText('Este campo es requerido').first()).toBeVisible();
    await expect(form.getByText('Elige el derecho que quieres ejercer')).toBeVisible();
    await expect(form.getByLabel('Nombre completo')).toBeFocused();

    const email = `arco-js-${Date.now()}@example.org`;
    await form.getByLabel('Nombre completo').fill('Renata Solís Vega');
    await form.getByLabel('Correo electrónico').fill(email);
    await form.getByRole('radio', { name: /Rectificación/ }).check();
    await form.getByLabel('Describe tu solicitud').fill('Mi teléfono cambió.');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();

    const receipt = page.getByRole('status');
    await expect(receipt).toContainText('Recibimos tu solicitud');
    const folio = folioOf((await receipt.textContent()) ?? '')!;
    expect(folio).toMatch(FOLIO_PATTERN);
    const ack = await mailbox.waitFor((message) => message.envelope.to.includes(email));
    expect(ack.text).toContain(`Folio: ${folio}`);
    expect(ack.text).toContain('Te responderemos a más tardar el');
    await expect(receipt).toContainText(/Te responderemos a más tardar el .+, \d+ de .+ de \d{4}/);
  });

  test('El aviso de privacidad muestra su versión y lleva a la página de derechos', async ({ page }) => {
    await page.goto('/AvisoDePrivacidad');
    await expect(page.getByText('Versión del 19 de diciembre de 2026')).toBeVisible();
    for (const heading of [
      'Registros del servidor',
      'Cuánto tiempo conservamos',
      'Registro a eventos',
      'Boletín',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(`^\\d+\\. .*${heading}`) })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Ir al formulario de derechos ARCO' }).click();
    await expect(page).toHaveURL(/\/DerechosARCO$/);
  });

  test('Cada formulario muestra el aviso simplificado junto a su botón', async ({ page }) => {
    await page.goto('/Inicio#Contacto');
    const notice = page
      .locator('#Contacto')
      .getByRole('complementary', { name: 'Aviso de privacidad simplificado' });
    await expect(notice).toContainText('responder tu mensaje');
    await expect(notice.getByRole('link', { name: 'derechos ARCO' })).toHaveAttribute(
      'href',
      '/DerechosARCO',
    );
    await page.goto('/DerechosARCO');
    await expect(
      page.locator('main').getByRole('complementary', { name: 'Aviso de privacidad simplificado' }),
    ).toContainText('atender tu solicitud de derechos ARCO');
  });

  for (const width of [1440, 390]) {
    test(`No tiene fallas de accesibilidad graves ni desplazamiento horizontal a ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [
        '/DerechosARCO',
        '/AvisoDePrivacidad',
        '/DerechosARCO/Recibida?folio=ARCO-261125-7KQM',
      ]) {
        await page.goto(path);
        await expectNoHorizontalOverflow(page);
        await expectAccessible(page);
        const name = path.slice(1).replace(/[/?=]/g, '-');
        await page.screenshot({ path: `.e2e-tmp/arco-${name}-${width}.png`, fullPage: true });
      }
    });
  }
});

test.describe('Derechos ARCO sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Un formulario con errores vuelve con sus mensajes y lo escrito; uno completo da su folio', async ({
    page,
    mailbox,
  }) => {
    await page.goto('/DerechosARCO');
    const form = page.getByRole('form', { name: 'Tu solicitud' });
    await form.getByLabel('Nombre completo').fill('Julia Ortega');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page).toHaveURL(/\/DerechosARCO$/);
    await expect(page.getByRole('alert')).toContainText('Revisa los campos marcados.');
    await expect(form.getByLabel('Nombre completo')).toHaveValue('Julia Ortega');
    await expect(form.getByText('Elige el derecho que quieres ejercer')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: '.e2e-tmp/arco-sin-js-errores-390.png', fullPage: true });

    const email = `arco-plano-${Date.now()}@example.org`;
    await form.getByLabel('Correo electrónico').fill(email);
    await form.getByRole('radio', { name: /Cancelación/ }).check();
    await form.getByLabel('Describe tu solicitud').fill('Borren mis datos, por favor.');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page).toHaveURL(/\/DerechosARCO\/Recibida\?folio=ARCO-/);
    const receipt = page.getByRole('status');
    await expect(receipt).toContainText('Recibimos tu solicitud');
    const folio = new URL(page.url()).searchParams.get('folio')!;
    await expect(receipt).toContainText(folio);
    await page.screenshot({ path: '.e2e-tmp/arco-sin-js-recibida-390.png', fullPage: true });
    const ack = await mailbox.waitFor((message) => message.envelope.to.includes(email));
    expect(ack.text).toContain(`Folio: ${folio}`);
  });
});
