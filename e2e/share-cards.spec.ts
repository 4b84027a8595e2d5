import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Event } from '../src/shared/schemas.ts';
import { expect, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

/** The width and height a JPEG's frame header gives. */
function jpegSize(bytes: Buffer): [number, number] | undefined {
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return undefined;
}

async function firstEvent(page: Page): Promise<Event> {
  const answer = await page.request.get('/api/events/get-all');
  return ((await answer.json()) as { data: Event[] }).data[0]!;
}

test.describe('Tarjetas para compartir', () => {
  test.describe('sin JavaScript, como la lee una red social', () => {
    test.use({ javaScriptEnabled: false });

    test('Un evento nombra su tarjeta JPEG de 1200 × 630 con su texto alternativo', async ({
      page,
      baseURL,
    }) => {
      const event = await firstEvent(page);
      await page.goto(`/Eventos/${event.slug}`);
      const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
      const card = `${baseURL}/og/evento/${event.slug}.jpg`;
      expect(await meta('property="og:image"')).toBe(card);
      expect(await meta('property="og:image:type"')).toBe('image/jpeg');
      expect(await meta('property="og:image:width"')).toBe('1200');
      expect(await meta('property="og:image:height"')).toBe('630');
      expect(await meta('property="og:image:alt"')).toBeTruthy();
      expect(await meta('name="twitter:card"')).toBe('summary_large_image');
      expect(await meta('name="twitter:image"')).toBe(card);

      const answer = await page.request.get(card);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toBe('image/jpeg');
      const bytes = await answer.body();
      expect(jpegSize(bytes)).toEqual([1200, 630]);
      expect(bytes.length).toBeLessThan(300 * 1024);
    });
  });

  test('El editor de un evento muestra su tarjeta como la recortan las redes, y deja elegir la foto tal cual', async ({
    page,
  }) => {
    const event = await firstEvent(page);
    await page.goto('/admin');
    await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
    await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Resumen' })).toBeVisible();
    await page.goto(`/admin#/events/${event.id}`);

    const section = page.getByRole('region', { name: 'Vista al compartir' });
    await expect(section).toBeVisible();
    const pictures = section.locator('figure img');
    await expect(pictures).toHaveCount(4);
    await expect(section.getByText('WhatsApp, cuadrada')).toBeVisible();
    // Every frame shows the card itself, loaded at its full size.
    await expect
      .poll(() =>
        pictures.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth)),
      )
      .toEqual([1200, 1200, 1200, 1200]);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/share-card-preview-1440.png', fullPage: false });
    // The section's own scan (the edit page's toolbar is the editors' own).
    const scan = await new AxeBuilder({ page })
      .include('section[aria-labelledby="tarjeta-titulo"]')
      .analyze();
    expect(scan.violations.map((violation) => violation.id)).toEqual([]);

    const before = await pictures.first().getAttribute('src');
    await section.getByRole('radio', { name: 'Solo la foto, tal cual' }).check();
    await expect(page.getByText('Se guardó lo que se comparte.')).toBeVisible();
    await expect(pictures.first()).not.toHaveAttribute('src', before!);
    // Back as the demo had it, for the other tests.
    await section.getByRole('radio', { name: /^Tarjeta con la foto/ }).check();
    await expect(pictures.first()).toHaveAttribute('src', before!);

    await page.setViewportSize({ width: 390, height: 844 });
    // The narrow layout's menu opens over the page once it is resized: the section is found by its id.
    await page.locator('#tarjeta-titulo').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/share-card-preview-390.png', fullPage: false });
  });
});
