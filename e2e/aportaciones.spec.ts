import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, SPEC_BREAKPOINTS, test } from './fixtures.ts';

/** Scrolls through the page so every reveal-on-scroll block has appeared. */
async function revealAll(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForTimeout(1400);
}

test.describe('Página de aportaciones', () => {
  test('Explica en qué se usan las aportaciones, sin formulario ni pago', async ({ page }) => {
    await page.goto('/Aportaciones');
    await expect(page.locator('h1')).toHaveText('¿Cómo puedes aportar?');
    for (const title of [
      'Programas de Empoderamiento',
      'Proyectos Sostenibles',
      'Educación y Concientización',
      'Gastos Operativos',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(
      page.getByRole('heading', { level: 2, name: 'Tu aportación, nuestro impacto.' }),
    ).toBeVisible();
    await expect(page.locator('main img[src="/images/contributions/impact.svg"]')).toBeVisible();
    await expect(page.getByText('#ENERGÍA QUE EMPODERA')).toBeVisible();
    await expect(page.locator('main form, main input')).toHaveCount(0);
  });

  test('No hay desplazamiento horizontal en ningún ancho de la especificación', async ({ page }) => {
    await page.goto('/Aportaciones');
    for (const width of SPEC_BREAKPOINTS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHorizontalOverflow(page);
    }
  });

  test('La página no tiene fallas de accesibilidad graves', async ({ page }) => {
    await page.goto('/Aportaciones');
    await revealAll(page);
    await expectAccessible(page);
  });
});
