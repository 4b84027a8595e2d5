import { expect, test } from './fixtures.ts';

// The site's Content-Security-Policy forbids eval; nothing on a page with a form may try it (a browser
// reports the attempt, and Lighthouse counts it against Best Practices).
test.describe('Política de seguridad de contenido', () => {
  for (const path of [
    '/Boletin',
    '/Boletin/confirmar/enlace-que-no-existe',
    '/Membresias',
    '/DerechosARCO',
    '/admin',
  ]) {
    test(`${path} no provoca ninguna infracción de la política`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await page.goto(path);
      // The forms' scripts load after the first paint: give them the time to run.
      await page.waitForLoadState('networkidle');
      const form = page.locator('form').first();
      if (await form.count()) await form.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      expect(
        await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      ).toEqual([]);
    });
  }
});
