import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

// react-admin 5 declares react-router 6 or 7 and runs here on 8 (docs/decisions/015): every address
// the admin has is opened directly, as a bookmark would, and none may log an error. The list follows
// the resources and custom routes of src/web/admin/admin-app.tsx.

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  // The app bar, whichever screen opens first, shows once the session is open.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Actualizar' })).toBeVisible({
    timeout: 30_000,
  });
}

async function csrfSend(request: APIRequestContext, url: string, data: unknown) {
  const token = ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  return request.post(url, { data, headers: { 'x-xsrf-token': token } });
}

async function firstItem(request: APIRequestContext, resource: 'events' | 'news' | 'partners') {
  const { data } = (await (await request.get(`/api/${resource}/get-all`)).json()) as {
    data: { id: string; name: string }[];
  };
  expect(data.length, `the demo content has ${resource}`).toBeGreaterThan(0);
  return data[0]!;
}

interface AdminRoute {
  hash: string;
  /** The page's title in the app bar. */
  title: string;
  /** What shows once the page has its data, beyond its title. */
  ready?: (page: Page) => Promise<void>;
}

const nameField = (page: Page, label: RegExp) => page.getByRole('textbox', { name: label });
const editor = (page: Page) => page.locator('[contenteditable="true"]');

for (const width of [1280, 390]) {
  test.describe(`Rutas de la administración a ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('Cada dirección de la administración abre directamente y sin errores en la consola', async ({
      page,
      consoleErrors,
    }) => {
      test.slow();
      const requester = `Ruta ${Date.now().toString(36)}`;
      const sent = await csrfSend(page.request, '/api/mail/contact', {
        data: {
          fullName: requester,
          company: 'Cooperativa Solar del Sur',
          position: 'Coordinadora',
          email: 'rutas@example.org',
          phoneNumber: '5512345678',
        },
      });
      expect(sent.status()).toBe(201);
      const requestId = ((await sent.json()) as { data: { id: string } }).data.id;
      const event = await firstItem(page.request, 'events');
      const news = await firstItem(page.request, 'news');
      const partner = await firstItem(page.request, 'partners');

      const routes: AdminRoute[] = [
        {
          hash: '#/',
          title: 'Resumen',
          ready: (page) =>
            expect(page.getByRole('list', { name: 'Últimas solicitudes nuevas' })).toBeVisible(),
        },
        { hash: '#/requests', title: 'Solicitudes' },
        {
          hash: `#/requests/${encodeURIComponent(requestId)}/show`,
          title: 'Solicitud',
          ready: (page) => expect(page.getByText(requester)).toBeVisible(),
        },
        {
          hash: '#/events',
          title: 'Eventos',
          ready: (page) => expect(page.getByText(event.name)).toBeVisible(),
        },
        { hash: '#/events/create', title: 'Nuevo evento' },
        {
          hash: `#/events/${encodeURIComponent(event.id)}`,
          title: 'Editar evento',
          ready: (page) => expect(nameField(page, /^Nombre(?! completo)/)).toHaveValue(event.name),
        },
        {
          hash: '#/news',
          title: 'Noticias',
          ready: (page) => expect(page.getByText(news.name)).toBeVisible(),
        },
        {
          hash: '#/news/create',
          title: 'Nueva noticia',
          ready: (page) => expect(editor(page)).toBeVisible(),
        },
        {
          hash: `#/news/${encodeURIComponent(news.id)}`,
          title: 'Editar noticia',
          ready: async (page) => {
            await expect(nameField(page, /^Título/)).toHaveValue(news.name);
            await expect(editor(page)).not.toBeEmpty();
          },
        },
        {
          hash: '#/partners',
          title: 'Socias',
          ready: (page) => expect(page.getByText(partner.name)).toBeVisible(),
        },
        { hash: '#/partners/create', title: 'Nueva socia' },
        {
          hash: `#/partners/${encodeURIComponent(partner.id)}`,
          title: 'Editar socia',
          ready: (page) => expect(nameField(page, /^Nombre(?! completo)/)).toHaveValue(partner.name),
        },
        { hash: '#/uploads', title: 'Imágenes' },
        {
          hash: '#/admins',
          title: 'Administradoras',
          ready: (page) => expect(page.getByText(`${E2E_ADMIN.email} (tú)`)).toBeVisible(),
        },
        { hash: '#/admins/create', title: 'Nueva administradora' },
        { hash: '#/audit', title: 'Registro de actividad' },
        { hash: '#/newsletter-campaigns', title: 'Boletines' },
        {
          hash: '#/newsletter-campaigns/create',
          title: 'Nuevo boletín',
          ready: (page) => expect(editor(page)).toBeVisible(),
        },
        { hash: '#/newsletter-subscribers', title: 'Suscriptoras del boletín' },
        {
          hash: '#/cuenta',
          title: 'Mi cuenta y ajustes',
          ready: (page) => expect(page.getByText('Cambiar mi contraseña')).toBeVisible(),
        },
        {
          hash: '#/no-existe',
          title: 'Administración del sitio',
          ready: (page) =>
            expect(page.getByRole('main').getByRole('heading', { name: 'No encontrado' })).toBeVisible(),
        },
      ];

      await logIn(page);
      // Signing in meets the expected 401 of the session check first; from here on nothing may fail.
      consoleErrors.length = 0;
      const failures: string[] = [];
      for (const route of routes) {
        await page.goto(`/admin${route.hash}`);
        await page.reload();
        await expect(
          page.getByRole('banner').getByRole('heading', { name: route.title }),
          route.hash,
        ).toBeVisible();
        await expect(page.getByText('Cargando'), route.hash).toHaveCount(0);
        await route.ready?.(page);
        await expect(page.getByText('Algo salió mal'), route.hash).toHaveCount(0);
        if (consoleErrors.length > 0) failures.push(`${route.hash}: ${consoleErrors.splice(0).join(' | ')}`);
      }
      expect(failures).toEqual([]);
    });
  });
}
