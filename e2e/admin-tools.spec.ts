import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function logInAt(page: Page, hash: string) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: `Cuenta de ${E2E_ADMIN.email}` })).toBeVisible({
    timeout: 30_000,
  });
  await page.goto(`/admin${hash}`);
}

/** A photo-sized PNG of noise, so it weighs a few megabytes and takes a while to send. */
async function heavyPicture(): Promise<Buffer> {
  const width = 1400;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

test.describe('Herramientas de la administración', () => {
  test('Una administradora ve el porcentaje de su subida y elimina, tras confirmar, una imagen que nada usa', async ({
    page,
  }) => {
    await logInAt(page, '#/uploads');
    await expect(page.getByRole('heading', { name: 'Imágenes' })).toBeVisible();
    // A slow uplink, so the bar has time to show how much has gone.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 50 * 1024 * 1024,
      uploadThroughput: 1024 * 1024,
    });
    const name = `${unique('sin-usar')}.png`;
    // The status and the bar last only as long as the upload: everything they show is noted as it
    // changes, so a busy machine that polls late cannot miss it.
    await page.evaluate(() => {
      const shown: string[] = [];
      Object.assign(window, { uploadShown: shown });
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="status"]'))
          shown.push(status.textContent ?? '');
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          shown.push(`${bar.getAttribute('aria-label')} = ${bar.getAttribute('aria-valuenow')}`);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name, mimeType: 'image/png', buffer: await heavyPicture() });
    await expect(page.getByText(`«${name}» subida`)).toBeVisible({ timeout: 30_000 });
    const shown = await page.evaluate(() => (window as unknown as { uploadShown: string[] }).uploadShown);
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(shown).toContainEqual(expect.stringMatching(new RegExp(`Subiendo «${escaped}»: \\d{1,3} %`)));
    expect(shown).toContainEqual(
      expect.stringMatching(new RegExp(`^Progreso de la subida de ${escaped} = \\d+$`)),
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await page.getByText('Solo las que no se usan').click();
    await expect(page).toHaveURL(/unused/);
    // The image's own card, not the list's card around all of them (other unused images may be there).
    const card = page
      .locator('.MuiCard-root')
      .filter({ hasText: name })
      .filter({ hasNot: page.locator('.MuiCard-root') });
    await expect(card.getByText('Sin usar')).toBeVisible();
    await card.getByRole('button', { name: `Eliminar ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('¿Eliminar esta imagen?');
    await expect(dialog).toContainText('no aparece en ningún evento, noticia ni socia');
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(`«${name}» eliminada`)).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('El formulario de eventos propone la fecha que se mostrará y respeta la que escribe el equipo', async ({
    page,
  }) => {
    await logInAt(page, '#/events/create');
    const shown = page.getByRole('textbox', { name: /^Fecha como se mostrará/ });
    await page.getByLabel(/^Fecha y hora/).fill('2027-03-08T11:00');
    await expect(shown).toHaveValue('8 de marzo de 2027, 11:00 h');
    // While it is the proposal it follows the date.
    await page.getByLabel(/^Fecha y hora/).fill('2027-03-09T18:30');
    await expect(shown).toHaveValue('9 de marzo de 2027, 18:30 h');
    // Written by hand, it stays; the proposal is offered instead.
    await shown.fill('Martes 9 de marzo, por la tarde');
    await page.getByLabel(/^Fecha y hora/).fill('2027-03-10T10:00');
    await expect(shown).toHaveValue('Martes 9 de marzo, por la tarde');
    await page.getByRole('button', { name: 'Usar «10 de marzo de 2027, 10:00 h»' }).click();
    await expect(shown).toHaveValue('10 de marzo de 2027, 10:00 h');
  });

  test('La búsqueda de las listas no distingue mayúsculas ni acentos', async ({ page }) => {
    await logInAt(page, '#/events');
    const first = page.getByRole('row').nth(1);
    await expect(first).toBeVisible();
    const demoName = (await first.getByRole('cell').nth(1).innerText()).trim();
    const folded = demoName
      .toUpperCase()
      .normalize('NFD')
      .replace(/\p{M}+/gu, '');
    await page.getByPlaceholder('Buscar por nombre o lugar').fill(folded);
    await expect(page).toHaveURL(/filter=/);
    await expect(page.getByRole('row').filter({ hasText: demoName }).first()).toBeVisible();
  });
});
