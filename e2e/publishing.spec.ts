import type { Page } from '@playwright/test';
import { clock } from '../src/shared/clock.ts';
import { expect, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Resumen' })).toBeVisible();
}

/** The next whole minute at least `margin` ms away: the editor's date-time input has minutes only. */
function nextMinute(margin = 8_000): Date {
  const minute = 60_000;
  return new Date(Math.ceil((Date.now() + margin) / minute) * minute);
}

test.describe('Borradores, vista previa y publicación programada', () => {
  test.setTimeout(90_000);

  test('En un teléfono, «Publicar el» aparece sobre la barra de guardar al elegir «Programado»', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page);
    await page.goto('/admin#/events/create');
    // Brought into view by the click, the choice sits near the bottom of the screen, where the field
    // appears under it.
    await page.getByRole('radio', { name: /^Programado/ }).check();
    const field = page.getByLabel(/^Publicar el/);
    await expect(field).toBeInViewport();
    const saveBar = page.getByRole('toolbar').filter({ has: page.getByRole('button', { name: 'Guardar' }) });
    const [fieldBox, barBox] = [await field.boundingBox(), await saveBar.boundingBox()];
    expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(barBox!.y);
  });

  test('Una noticia en borrador se ve en vista previa, se programa y aparece sola a su hora', async ({
    page,
    context,
  }) => {
    const name = unique('Convocatoria programada');
    await logIn(page);
    await page.getByRole('menuitem', { name: 'Noticias' }).click();
    await page.getByRole('link', { name: 'Crear' }).click();
    await page.getByRole('textbox', { name: /^Título/ }).fill(name);
    await page.getByRole('textbox', { name: /^Lugar/ }).fill('Oaxaca, Oaxaca');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Se abre la convocatoria para el programa de mentoras.');
    await page.getByRole('radio', { name: /^Borrador/ }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByText('Borrador', { exact: true })).toBeVisible();

    // Not public: the API and the entry's address know nothing of it.
    const created = (
      (await (await page.request.get('/api/admin/content/news')).json()) as {
        data: { id: string; name: string; slug: string }[];
      }
    ).data.find((item) => item.name === name)!;
    expect((await page.request.get(`/api/news/get-by-id/${created.id}`)).status()).toBe(404);
    const visitor = await context.browser()!.newPage();
    await visitor.goto(`/Noticias/${created.slug}`);
    await expect(visitor).toHaveURL(/\/Inicio#Noticias$/);
    await expect(visitor.getByRole('heading', { name })).toHaveCount(0);

    // The preview: the page as it will be, with its banner, for no search engine.
    await row.getByText(name).click();
    await expect(page.getByRole('link', { name: 'Ver en el sitio' })).toHaveCount(0);
    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Vista previa' }).click(),
    ]);
    await expect(preview.getByRole('note')).toHaveText(/Vista previa: esta página aún no es pública/);
    await expect(preview.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await preview.close();

    // Scheduled in the editor for the next whole minute, in Mexico City's time.
    const at = nextMinute();
    await page.getByRole('radio', { name: /^Programado/ }).check();
    await page.getByLabel(/^Publicar el/).fill(clock.toInputValue(at));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(row.getByText(`Programado para ${clock.formatShort(at)}`)).toBeVisible();
    await visitor.goto('/Inicio#Noticias');
    await expect(visitor.getByRole('heading', { name })).toHaveCount(0);

    // Its time brought forward to a few seconds from now, through the API the editor saves with: the
    // editor's input has minutes only, and the point here is that it appears with nobody doing anything.
    const soon = new Date(Math.ceil((Date.now() + 8_000) / 1_000) * 1_000);
    const entry = (
      (await (await page.request.get(`/api/admin/content/news/${created.id}`)).json()) as {
        data: { name: string; address: string; description: string; images: string[] };
      }
    ).data;
    const token = ((await (await page.request.get('/api/csrf')).json()) as { data: { token: string } }).data
      .token;
    const moved = await page.request.put('/api/news/update', {
      data: {
        newsId: created.id,
        newsData: {
          name: entry.name,
          address: entry.address,
          description: entry.description,
          images: entry.images,
          status: 'scheduled',
          publishAt: soon.toISOString(),
        },
      },
      headers: { 'x-xsrf-token': token },
    });
    expect(moved.status()).toBe(200);
    await visitor.goto('/Inicio#Noticias');
    await expect(visitor.getByRole('heading', { name })).toHaveCount(0);

    // At its time it is on its page and on the home page, with the date it was published.
    await visitor.waitForTimeout(Math.max(0, soon.getTime() - Date.now()));
    await visitor.goto(`/Noticias/${created.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByText(/^Publicada el/)).toBeVisible();
    await expect(visitor.locator('time')).toHaveAttribute('datetime', clock.isoWithOffset(soon));
    await expect
      .poll(
        async () => {
          await visitor.goto('/Inicio#Noticias');
          return visitor
            .locator('.news-card')
            .filter({ has: visitor.getByRole('heading', { name }) })
            .count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await page.reload();
    await expect(row.getByText('Publicado', { exact: true })).toBeVisible();
    await row.getByText(name).click();
    await expect(page.getByRole('link', { name: 'Ver en el sitio' })).toHaveAttribute(
      'href',
      `/Noticias/${created.slug}`,
    );
  });
});
