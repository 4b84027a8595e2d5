import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { isoDay } from '../src/shared/clock.ts';
import { freeDay, openCalendar, openEventFromCalendar, showMonth, singleEventDay } from './calendar.ts';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

// Other specs share this server and its demo data: every record here has a unique name, and only
// records created here are deleted.
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // The summary opens first; on a phone the menu starts folded, so the title is what shows it.
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Resumen' })).toBeVisible();
}

const textbox = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

/** A 2000×1200 PNG made on the spot: big enough for every WebP width. */
const picture = () =>
  sharp({ create: { width: 2000, height: 1200, channels: 3, background: { r: 242, g: 169, b: 29 } } })
    .png()
    .toBuffer();

async function csrfSend(request: APIRequestContext, method: 'POST' | 'PUT', url: string, data: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  return request.fetch(url, { method, data, headers: { 'x-xsrf-token': token } });
}

test.describe('Administración', () => {
  test('Una administradora crea un evento con imagen y aparece en el calendario y en el adelanto', async ({
    page,
    request,
  }) => {
    const name = unique('Taller de redes eléctricas');
    // A day that holds no other event, from tomorrow on, at 10:00 on the association's clock.
    const when = await freeDay(request);
    await logIn(page);
    await page.getByRole('menuitem', { name: 'Eventos' }).click();
    await page.getByRole('link', { name: 'Crear' }).click();
    await textbox(page, /^Nombre(?! completo)/).fill(name);
    await textbox(page, /^Lugar/).fill('Querétaro, Querétaro');
    await page.getByLabel(/^Fecha y hora/).fill(`${isoDay(when)}T10:00`);
    await textbox(page, /^Fecha como se mostrará/).fill('La próxima semana, 10:00 h');
    const description = 'Un taller práctico sobre redes eléctricas inteligentes. '.repeat(6).trim();
    await textbox(page, /^Descripción/).fill(description);
    await expect(page.getByTestId('excerpt-preview')).toHaveText(`${description.slice(0, 200)}...`);
    await textbox(page, /^Enlace del evento/).fill('https://example.org/taller-redes');

    const file = { name: 'portada.png', mimeType: 'image/png', buffer: await picture() };
    await page.locator('input[name="imageCover-upload"]').setInputFiles(file);
    await expect(page.getByRole('img', { name: 'Imagen 1' })).toHaveCount(1);
    await page.locator('input[name="images-upload"]').setInputFiles(file);
    await expect(page.getByRole('img', { name: 'Imagen 1' })).toHaveCount(2);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(name)).toBeVisible();

    const events = (
      (await (await request.get('/api/events/get-all')).json()) as {
        data: { name: string; images: string[]; imageCover: string[]; eventDate: string }[];
      }
    ).data;
    const created = events.find((event) => event.name === name)!;
    expect(created.imageCover[0]).toMatch(/^\/uploads\/[0-9a-f]{20}-960\.webp$/);
    expect(created.images).toEqual(created.imageCover);
    // 10:00 in Mexico City is 16:00 UTC (no daylight saving there since 2022).
    expect(created.eventDate.slice(11, 16)).toBe('16:00');
    const image = await request.get(created.imageCover[0]!);
    expect(image.headers()['content-type']).toBe('image/webp');
    expect(image.headers()['cache-control']).toContain('immutable');

    // The teaser features one event drawn at random, drawn again whenever content changes: saving the
    // event unchanged redraws it, until the draw is ours.
    // The id and the slug are the server's: not part of what an update sends.
    const { id, slug: _slug, ...fields } = created as typeof created & { id: string; slug: string };
    let teaser = '';
    for (let i = 0; i < 200 && !teaser.includes(name); i++) {
      if (i > 0) {
        const saved = await csrfSend(page.request, 'PUT', '/api/events/update', {
          eventId: id,
          eventData: fields,
        });
        expect(saved.status()).toBe(200);
      }
      const html = await (await request.get('/Inicio')).text();
      teaser = /<article class="events-teaser"[\s\S]*?<\/article>/.exec(html)?.[0] ?? '';
    }
    expect(teaser).toContain(name);
    expect(teaser).toContain(`src="${created.imageCover[0]}"`);

    await page.goto('/Inicio#Eventos');
    const calendar = await openCalendar(page);
    await showMonth(calendar, when);
    // Alone on its day (unless a test beside this one chose the same day), the day shows its picture.
    const day = singleEventDay(calendar, name, when);
    if (await day.isVisible()) {
      await expect(day).toHaveAttribute('style', new RegExp(created.images[0]!.replace(/[.]/g, '\\.')));
    }
    const details = await openEventFromCalendar(page, calendar, name, when);
    await expect(details.locator('img')).toHaveAttribute('src', created.images[0]!);
  });

  test('Una administradora cambia el texto enriquecido de una noticia y el diálogo público lo muestra', async ({
    page,
  }) => {
    const name = unique('Convocatoria de becas');
    await logIn(page);
    await page.getByRole('menuitem', { name: 'Noticias' }).click();
    await page.getByRole('link', { name: 'Crear' }).click();
    await textbox(page, /^Título/).fill(name);
    await textbox(page, /^Lugar/).fill('Mérida, Yucatán');
    const editor = page.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('Primera versión del texto.');
    await textbox(page, /O pega una dirección/).fill('/demo/news/news-1.svg');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(name)).toBeVisible();

    await page.getByText(name).click();
    await expect(editor).toContainText('Primera versión');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Cierre de la convocatoria: ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('30 de enero');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Cambios guardados')).toBeVisible();

    await page.goto('/Inicio#Noticias');
    const card = page.locator('.news-card').filter({ has: page.getByRole('heading', { name }) });
    await card.getByRole('link', { name: /Leer más/ }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.locator('.news-dialog__html')).toHaveText('Cierre de la convocatoria: 30 de enero.');
    await expect(dialog.locator('.news-dialog__html strong')).toHaveText('30 de enero');
  });

  test('La descripción que la administradora da a una imagen es su texto alternativo en el sitio', async ({
    page,
  }) => {
    const name = unique('Planta solar comunitaria');
    const description = 'Cuatro técnicas instalan paneles solares en el techo de una escuela.';
    await logIn(page);
    await page.getByRole('menuitem', { name: 'Noticias' }).click();
    await page.getByRole('link', { name: 'Crear' }).click();
    await textbox(page, /^Título/).fill(name);
    await textbox(page, /^Lugar/).fill('Hermosillo, Sonora');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('La escuela ya produce su propia energía.');
    await textbox(page, /O pega una dirección/).fill('/demo/news/news-2.svg');
    await page.getByRole('button', { name: 'Agregar' }).click();
    // An image without a description is pointed out before saving.
    await expect(page.getByText('Sin descripción: un lector de pantalla no dirá qué muestra.')).toBeVisible();
    await textbox(page, /Descripción de la imagen 1/).fill(description);
    await expect(page.getByText('Sin descripción: un lector de pantalla no dirá qué muestra.')).toBeHidden();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(name)).toBeVisible();

    await page.goto('/Inicio#Noticias');
    const card = page.locator('.news-card').filter({ has: page.getByRole('heading', { name }) });
    await expect(card.getByRole('img', { name: description })).toBeVisible();
    const href = await card.getByRole('link', { name: /Leer más/ }).getAttribute('href');
    await page.goto(href!);
    await expect(page.getByRole('article').getByRole('img', { name: description })).toBeVisible();
  });

  test('Una administradora elimina una socia y desaparece de /Socias', async ({ page }) => {
    const name = unique('Ingrid Solís');
    await logIn(page);
    await page.getByRole('menuitem', { name: 'Socias' }).click();
    await page.getByRole('link', { name: 'Crear' }).click();
    await textbox(page, /^Nombre(?! completo)/).fill(name);
    await textbox(page, /^Cargo/).fill('Ingeniera eléctrica');
    await textbox(page, /LinkedIn/).fill('https://www.linkedin.com/in/ejemplo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(name)).toBeVisible();

    const publicPage = await page.context().newPage();
    await publicPage.goto('/Socias');
    await expect(publicPage.getByRole('heading', { name })).toHaveCount(1);

    await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('¿Seguro que quieres eliminarlo?');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Eliminado')).toBeVisible();

    await publicPage.reload();
    await expect(publicPage.locator('h1')).toHaveCount(1);
    await expect(publicPage.getByRole('heading', { name })).toHaveCount(0);
  });

  test('Una solicitud de membresía llega a la bandeja con su envío, se atiende y sale en el CSV', async ({
    page,
    mailbox,
  }) => {
    const fullName = unique('Paulina Ñúñez');
    const response = await csrfSend(page.request, 'POST', '/api/mail/contact', {
      data: {
        fullName,
        company: 'Cooperativa Solar del Sur',
        position: 'Coordinadora',
        email: 'paulina@example.org',
        phoneNumber: '5598765432',
        memberships: 'Estudiantil',
      },
    });
    expect(response.status()).toBe(201);
    await mailbox.waitFor((message) => message.text.includes(fullName));

    await logIn(page);
    // The summary lists the newest requests waiting for an answer (five at most: tests running beside
    // this one send theirs too, so this one may already be past them); the inbox is one click away.
    const latest = page.getByRole('list', { name: 'Últimas solicitudes nuevas' }).getByRole('link');
    await expect(latest.first()).toBeVisible();
    expect(await latest.count()).toBeLessThanOrEqual(5);
    for (const href of await latest.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/#\/requests\/[^/]+\/show$/);
    }
    await page.getByRole('link', { name: 'Abrir la bandeja' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Solicitudes' })).toBeVisible();
    await page.getByPlaceholder('Nombre, empresa o correo').fill(fullName);
    // The search applies after a pause; a click before it would be undone by it.
    await expect(page).toHaveURL(/filter=/);
    const row = page.getByRole('row').filter({ hasText: fullName });
    await expect(row).toContainText('Membresía Estudiantil');
    await expect(async () => {
      await page.getByRole('button', { name: 'Actualizar' }).click();
      await expect(row.getByText('Enviado')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    await row.getByText(fullName).click();
    await page.getByRole('button', { name: 'Marcar como atendida' }).click();
    await expect(page.getByText('Marcada como atendida')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Marcar como atendida' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Volver a solicitudes' }).click();
    await page.getByPlaceholder('Nombre, empresa o correo').fill(fullName);
    await expect(page.getByRole('row').filter({ hasText: fullName })).toContainText('Atendida');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^solicitudes-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    const line = csv.split('\r\n').find((text) => text.includes(fullName));
    expect(line).toContain(',Estudiantil,atendida,');
    expect(line).toContain('Enviado');
  });

  test('Al expirar la sesión vuelve al acceso con un aviso', async ({ page, baseURL }) => {
    await logIn(page);
    // The inbox is read through the admin API, which needs the session at every request.
    await page.getByRole('menuitem', { name: 'Solicitudes' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Solicitudes' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The browser still sends its session cookie but the server no longer knows it (as when the session
    // expires); the admin's next step meets a 401 that says so.
    await page
      .context()
      .addCookies([{ name: 'sid', value: 'una-sesion-que-el-servidor-olvido', url: baseURL! }]);
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('Tu sesión expiró. Inicia sesión de nuevo para continuar.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });
});

// A context per width, as a phone or a tablet would open the admin (menus start closed there).
for (const width of [390, 820]) {
  test.describe(`Administración a ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('Cada lista y formulario cabe sin desbordarse y sin fallas graves de accesibilidad', async ({
      page,
    }) => {
      // Ten screens, each loaded, measured and scanned.
      test.slow();
      await logIn(page);
      for (const [route, heading] of [
        ['#/', 'Resumen'],
        ['#/requests', 'Solicitudes'],
        ['#/events', 'Eventos'],
        ['#/events/create', 'Nuevo evento'],
        ['#/news', 'Noticias'],
        ['#/partners', 'Socias'],
        ['#/uploads', 'Imágenes'],
        ['#/admins', 'Administradoras'],
        ['#/audit', 'Registro de actividad'],
        ['#/cuenta', 'Mi cuenta y ajustes'],
      ] as const) {
        await page.goto(`/admin${route}`);
        await expect(
          page.getByRole('banner').getByRole('heading', { name: heading, exact: true }),
        ).toBeVisible();
        await expect(page.getByText('Cargando')).toHaveCount(0);
        await expectNoHorizontalOverflow(page);
        await expectAccessible(page);
      }
    });
  });
}

test.describe('Administración en un teléfono', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Una lista empieza con su búsqueda, sin una franja vacía sobre ella', async ({ page }) => {
    await logIn(page);
    await page.goto('/admin#/events');
    const search = page.getByRole('textbox', { name: 'Buscar por nombre o lugar' });
    await expect(search).toBeVisible();
    // "Crear" floats over the list at the bottom right; its bar above the search holds nothing else.
    await expect(page.getByRole('link', { name: 'Crear' })).toBeInViewport();
    const [bar, box] = [await page.getByRole('banner').boundingBox(), await search.boundingBox()];
    expect(box!.y - (bar!.y + bar!.height)).toBeLessThanOrEqual(24);
  });
});
