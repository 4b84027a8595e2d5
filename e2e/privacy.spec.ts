import { SPEC_BREAKPOINTS, expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';

test.describe('Aviso de privacidad', () => {
  test('Se llega desde el pie de página y desde cada formulario', async ({ page }) => {
    await page.goto('/Inicio');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Aviso de privacidad', exact: true })
      .click();
    await expect(page).toHaveURL(/\/AvisoDePrivacidad$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
    for (const heading of [
      'Responsable de tus datos',
      'Finalidades necesarias',
      'Finalidades voluntarias',
      'ARCO',
    ]) {
      await expect(page.getByRole('heading', { name: new RegExp(heading) })).toBeVisible();
    }

    await page.goto('/Inicio#Contacto');
    const link = page.locator('#Contacto').getByRole('link', { name: 'aviso de privacidad' });
    await expect(link).toHaveAttribute('href', '/AvisoDePrivacidad');
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('No hay desplazamiento horizontal en ningún ancho de la especificación', async ({ page }) => {
    await page.goto('/AvisoDePrivacidad');
    for (const width of SPEC_BREAKPOINTS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHorizontalOverflow(page);
    }
  });

  test('No tiene fallas de accesibilidad graves', async ({ page }) => {
    await page.goto('/AvisoDePrivacidad');
    await expectAccessible(page);
  });
});
