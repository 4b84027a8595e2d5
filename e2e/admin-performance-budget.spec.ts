import { expect, test } from './fixtures.ts';
import { watchScriptSizes } from './script-sizes.ts';
import { E2E_ADMIN } from './paths.ts';

/**
 * The JavaScript the admin downloads before its first screen (the summary) shows, gzipped. Every
 * other screen is a part loaded when first opened.
 */
const ADMIN_FIRST_LOAD_BUDGET = 300 * 1024;

test('La primera carga de la administración no pasa de su presupuesto de JavaScript comprimido', async ({
  page,
}) => {
  const scripts = watchScriptSizes(page);
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Resumen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { bytes: total, detail } = await scripts.total();
  console.log(`first-load JavaScript of /admin: ${total} bytes gzipped`);
  expect(total, `first-load JavaScript of /admin: ${total} bytes\n${detail}`).toBeLessThanOrEqual(
    ADMIN_FIRST_LOAD_BUDGET,
  );
  // The news editor comes only with the news form, the inbox's table and filters with the inbox.
  expect(detail).not.toMatch(/news-text-input/);
  expect(detail).not.toMatch(/\/requests-/);
});
