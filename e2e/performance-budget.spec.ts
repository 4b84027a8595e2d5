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

  test('La página se pinta antes de pedir sus scripts y su fuente, que no compiten con la primera vista', async ({
    page,
  }) => {
    await page.goto('/Inicio');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    // The font's file is in the cache once the flag is set.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('fuente-inter'))).toBe('1');
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.(js|woff2)$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(scripts.map((script) => script.name)).toContainEqual(expect.stringMatching(/\.woff2$/));
    for (const script of scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(paint);
  });

  test('Una primera visita se lee en la fuente de respaldo; Inter llega con la página siguiente, sin mover nada', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
    const hasInter = () => page.evaluate(() => document.documentElement.classList.contains('fonts-loaded'));

    // The first page stays in the metric-matched fallback: no restyle of the whole page while it loads.
    await page.goto('/Inicio');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('fuente-inter'))).toBe('1');
    expect(await hasInter()).toBe(false);
    expect(await bodyFont()).toMatch(/^"Inter Fallback"/);

    // A move within the app redraws the view: the font changes then.
    await page.locator('a.top-banner__link').click();
    await expect(page).toHaveURL(/\/Membresias#Membresia$/);
    await expect(page.locator('html.fonts-loaded')).toBeAttached();
    await expect.poll(bodyFont).toMatch(/^"Inter Variable"/);

    // Every page this tab loads from now on starts in Inter, and its text does not move as the file comes in.
    for (const path of ['/Inicio', '/Membresias', '/Socias', '/Aportaciones', '/AvisoDePrivacidad']) {
      await page.goto(path);
      expect(await hasInter(), path).toBe(true);
      await expect.poll(bodyFont).toMatch(/^"Inter Variable"/);
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      const shift = await page.evaluate(() =>
        (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
      );
      expect(shift, `layout shift on ${path}`).toBeLessThanOrEqual(0.01);
    }
  });

  test('Una visita nueva, en otra pestaña, vuelve a pintar en la fuente de respaldo y pide la fuente después', async ({
    context,
  }) => {
    // An earlier visit has the file fetched and the flag set in its tab.
    const earlier = await context.newPage();
    await earlier.goto('/Inicio');
    await expect.poll(() => earlier.evaluate(() => sessionStorage.getItem('fuente-inter'))).toBe('1');
    await earlier.close();

    // A later visit starts in the fallback whatever the cache holds, so the font never competes with the
    // first view (a flag that outlived the cached file used to ask for it at the highest priority).
    const later = await context.newPage();
    await later.goto('/Socias');
    await expect(later.locator('html[data-hydrated="true"]')).toBeAttached();
    const { paint, font, hasInter } = await later.evaluate(() => ({
      paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      font: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.woff2'))
        .map((entry) => entry.startTime),
      hasInter: document.documentElement.classList.contains('fonts-loaded'),
    }));
    expect(hasInter).toBe(false);
    for (const start of font) expect(start).toBeGreaterThanOrEqual(paint);
    await expect.poll(() => later.evaluate(() => sessionStorage.getItem('fuente-inter'))).toBe('1');
  });

  test('Lo que se ve al abrir una página no espera a los scripts para aparecer', async ({ context }) => {
    // Scripts that never arrive (a page of the context, which does not wait for hydration): what the
    // first view shows must be visible all the same.
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    for (const path of ['/Inicio', '/Membresias', '/Socias', '/Aportaciones']) {
      await page.goto(path);
      const hidden = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((element) => element.getBoundingClientRect().top < window.innerHeight)
          .filter((element) => getComputedStyle(element).opacity === '0')
          .map((element) => element.outerHTML.slice(0, 80)),
      );
      expect(hidden, path).toEqual([]);
    }
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
