import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, SPEC_BREAKPOINTS, test } from './fixtures.ts';

/** Scrolls through the page so every reveal-on-scroll block has appeared. */
/**
 * The twelve demo partners are listed. Other specs may add and remove partners of their own meanwhile
 * (the admin's), so the list holds at least these.
 */
async function expectDemoPartners(list: Locator) {
  await expect.poll(() => list.locator('> li').count()).toBeGreaterThanOrEqual(12);
}

async function revealAll(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForTimeout(1400);
}

const partnerList = (page: Page) => page.locator('ul[aria-labelledby="socias-lista"]');

test.describe('Página de socias', () => {
  test('Muestra fundadoras, socias de la base de datos y consejo', async ({ page }) => {
    await page.goto('/Socias');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('#Socias')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Socias Fundadoras' })).toBeVisible();
    await expect(page.locator('ul[aria-labelledby="socias-fundadoras"] > li')).toHaveCount(3);
    await expect(page.getByText('Directoria Legal')).toBeVisible();
    await expect(page.getByText('Directoria de Enlace Académico')).toBeVisible();

    await expectDemoPartners(partnerList(page));
    const linkedIn = partnerList(page)
      .getByRole('link', { name: /LinkedIn/ })
      .first();
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('href', /linkedin\.com/);

    await expect(page.getByRole('heading', { level: 2, name: 'Consejo' })).toBeVisible();
    await expect(page.locator('ul[aria-labelledby="socias-consejo"] > li')).toHaveCount(3);
    await expect(
      page.getByText('Por una transición energética justa e inclusiva, únete y sé parte del cambio'),
    ).toBeVisible();
    await page.locator('main').getByRole('link', { name: 'Hazte socia' }).click();
    await expect(page).toHaveURL(/\/Membresias$/);
  });

  test('Si la lista de socias falla, lo avisa y deja de cargar', async ({ page, consoleErrors }) => {
    await page.route('**/api/partners/get-all', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Falla simulada' } } }),
    );
    // The server sends /Socias with its list already in the page; the list is fetched (and can fail)
    // when a visitor reaches the page from another one.
    await page.goto('/Aportaciones');
    await page.getByRole('banner').getByRole('link', { name: 'Socias', exact: true }).click();
    await expect(page).toHaveURL(/\/Socias$/);
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText('An error occurred in the information request', { timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Cargando socias' })).toHaveCount(0);
    await alert.getByRole('button', { name: 'Aceptar' }).click();
    await expect(alert).toBeHidden();
    expect(consoleErrors.length).toBeGreaterThan(0);
  });

  test('A 550 px las tarjetas se deslizan en horizontal con puntos de ajuste', async ({ page }) => {
    await page.setViewportSize({ width: 550, height: 900 });
    await page.goto('/Socias');
    const list = partnerList(page);
    await expectDemoPartners(list);
    const snap = await list.evaluate((element) => getComputedStyle(element).scrollSnapType);
    expect(snap).toContain('x');
    const { scrollWidth, clientWidth } = await list.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    await list.evaluate((element) => element.scrollBy({ left: 400, behavior: 'instant' }));
    await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expectNoHorizontalOverflow(page);

    await page.setViewportSize({ width: 551, height: 900 });
    expect(await list.evaluate((element) => getComputedStyle(element).display)).toBe('grid');
  });

  test('No hay desplazamiento horizontal en ningún ancho de la especificación', async ({ page }) => {
    await page.goto('/Socias');
    await expectDemoPartners(partnerList(page));
    for (const width of SPEC_BREAKPOINTS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHorizontalOverflow(page);
    }
  });

  test('La página no tiene fallas de accesibilidad graves', async ({ page }) => {
    await page.goto('/Socias');
    await expectDemoPartners(partnerList(page));
    await revealAll(page);
    await expectAccessible(page);
  });
});
