import { expect, test } from './fixtures.ts';

test('Una visitante llega a la raíz y termina en /Inicio', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/Inicio$/);
  await expect(page.locator('h1')).toHaveCount(1);
});

test('Una ruta desconocida lleva a /Inicio', async ({ page }) => {
  await page.goto('/no-existe');
  await expect(page).toHaveURL(/\/Inicio$/);
});

for (const path of ['/Inicio', '/Membresias', '/Socias', '/Aportaciones']) {
  test(`La página ${path} carga sin errores en la consola`, async ({ page, consoleErrors }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    expect(consoleErrors).toEqual([]);
  });
}
