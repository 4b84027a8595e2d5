import { expect, test } from './fixtures.ts';
import { watchScriptSizes } from './script-sizes.ts';

/** The budget for the JavaScript a first visit to /Inicio downloads, gzipped. */
const INICIO_FIRST_LOAD_BUDGET = 80 * 1024;

test.describe('Presupuesto de rendimiento', () => {
  // A mid-range phone's screen, as Lighthouse's mobile run uses; nothing is scrolled or pressed.
  test.use({ viewport: { width: 412, height: 823 } });

  test('La primera carga de /Inicio no pasa de 80 KB de JavaScript comprimido', async ({ page }) => {
    const scripts = watchScriptSizes(page);
    await page.goto('/Inicio');
    await page.waitForLoadState('networkidle');
    const { bytes: total, detail } = await scripts.total();
    expect(total, `first-load JavaScript of /Inicio: ${total} bytes\n${detail}`).toBeLessThanOrEqual(
      INICIO_FIRST_LOAD_BUDGET,
    );
    // The forms and the dialogs are not part of a first visit.
    expect(detail).not.toMatch(/request-form|news-dialog|calendar-dialog|admin/);
  });

  test('La página se pinta antes de pedir sus scripts, que no compiten con la primera vista', async ({
    page,
  }) => {
    await page.goto('/Inicio');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(paint);
  });

  test('Los recursos con nombre versionado se guardan un año y el HTML se revalida', async ({
    request,
    page,
  }) => {
    await page.goto('/Inicio');
    const script = await page.locator('script[type="module"][src]').first().getAttribute('src');
    const asset = await request.get(script!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const html = await request.get('/Inicio', { headers: { 'accept-encoding': 'gzip' } });
    expect(html.headers()['cache-control']).toBe('no-cache');
    expect(html.headers()['etag']).toBeTruthy();
    const again = await request.get('/Inicio', { headers: { 'if-none-match': html.headers()['etag']! } });
    expect(again.status()).toBe(304);
  });
});
