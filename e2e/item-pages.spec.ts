import { clock } from '../src/shared/clock.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Event, News } from '../src/shared/schemas.ts';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';

async function list<T>(request: APIRequestContext, resource: 'news' | 'events'): Promise<T[]> {
  return ((await (await request.get(`/api/${resource}/get-all`)).json()) as { data: T[] }).data;
}

/** The link-preview tags a shared address shows, read from the page as the server sent it. */
async function previewTags(page: Page) {
  const meta = (selector: string) => page.locator(selector).getAttribute('content');
  return {
    title: await meta('meta[property="og:title"]'),
    description: await meta('meta[property="og:description"]'),
    image: await meta('meta[property="og:image"]'),
    url: await meta('meta[property="og:url"]'),
    card: await meta('meta[name="twitter:card"]'),
    canonical: await page.locator('link[rel="canonical"]').getAttribute('href'),
    descriptions: await page.locator('meta[name="description"]').count(),
  };
}

async function structuredData(page: Page, type: string) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((data) => data['@type'] === type);
}

test.describe('Páginas de noticias y eventos', () => {
  test.describe('desde un enlace compartido (sin JavaScript)', () => {
    test.use({ javaScriptEnabled: false });

    test('Un enlace compartido abre la noticia en su propia página, con su tarjeta de vista previa', async ({
      page,
      request,
      baseURL,
    }) => {
      const entry = (await list<News>(request, 'news'))[0]!;
      const response = await page.goto(`/Noticias/${entry.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^${entry.name}`));
      await expect(page.getByRole('heading', { level: 1, name: entry.name })).toBeVisible();
      await expect(page.getByText(entry.address)).toBeVisible();
      await expect(page.locator('main article img').first()).toHaveAttribute('src', entry.images[0]!);
      await expect(page.locator('main article p').first()).not.toBeEmpty();
      await expect(page.getByRole('link', { name: 'Todas las noticias' })).toHaveAttribute(
        'href',
        '/Inicio#Noticias',
      );

      const url = `${baseURL}/Noticias/${entry.slug}`;
      const tags = await previewTags(page);
      expect(tags).toMatchObject({
        title: entry.name,
        image: `${baseURL}/og/noticia/${entry.slug}.jpg`,
        url,
        card: 'summary_large_image',
        canonical: url,
        descriptions: 1,
      });
      expect(tags.description?.length).toBeGreaterThan(20);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(tags.description);
      expect(await structuredData(page, 'NewsArticle')).toMatchObject({ headline: entry.name, url });
    });

    test('Un enlace compartido abre el evento en su propia página, con sus enlaces de calendario', async ({
      page,
      request,
      baseURL,
    }) => {
      const event = (await list<Event>(request, 'events'))[0]!;
      await page.goto(`/Eventos/${event.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
      await expect(page.getByText(`${event.location}, ${event.date}`)).toBeVisible();
      await expect(page.getByText(event.description)).toBeVisible();
      const visit = page.getByRole('link', { name: /Visita el sitio/ });
      await expect(visit).toHaveAttribute('href', event.linkEvent);
      await expect(visit).toHaveAttribute('target', '_blank');
      await expect(page.getByRole('link', { name: 'Agregar a mi calendario' })).toHaveAttribute(
        'href',
        `/api/events/calendar/${event.id}.ics`,
      );
      await expect(page.getByRole('link', { name: /Agregar a Google Calendar/ })).toHaveAttribute(
        'href',
        /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
      );

      const url = `${baseURL}/Eventos/${event.slug}`;
      expect(await previewTags(page)).toMatchObject({
        title: event.name,
        image: `${baseURL}/og/evento/${event.slug}.jpg`,
        url,
        card: 'summary_large_image',
        canonical: url,
        descriptions: 1,
      });
      expect(await structuredData(page, 'Event')).toMatchObject({
        name: event.name,
        // The start in the association's time, with its offset (decision 013).
        startDate: clock.isoWithOffset(event.eventDate),
        url,
      });
    });

    test('La dirección con el id lleva a la página; una noticia desconocida, a su sección en Inicio', async ({
      page,
      request,
    }) => {
      const entry = (await list<News>(request, 'news'))[1]!;
      await page.goto(`/Noticias/${entry.id}`);
      await expect(page).toHaveURL(new RegExp(`/Noticias/${entry.slug}$`));
      await page.goto('/Eventos/ya-no-existe');
      await expect(page).toHaveURL(/\/Inicio#Eventos$/);
    });
  });

  test('Leer más es un enlace a la página de la noticia que, con JavaScript, abre el diálogo', async ({
    page,
    request,
  }) => {
    const entry = (await list<News>(request, 'news'))[0]!;
    await page.goto('/Inicio');
    const card = page.locator('.news-card').filter({ hasText: entry.name });
    await card.scrollIntoViewIfNeeded();
    const readMore = card.getByRole('link', { name: /Leer más/ });
    await expect(readMore).toHaveAttribute('href', `/Noticias/${entry.slug}`);
    await readMore.click();
    await expect(page.getByRole('dialog', { name: entry.name })).toBeVisible();
    await expect(page).toHaveURL(/\/Inicio$/);
  });

  for (const kind of ['news', 'events'] as const) {
    test(`La página de ${kind === 'news' ? 'una noticia' : 'un evento'} pasa axe y no desborda a 1440 ni a 390 px`, async ({
      page,
      request,
    }) => {
      test.slow();
      const item = (await list<{ slug: string }>(request, kind))[0]!;
      const path = `/${kind === 'news' ? 'Noticias' : 'Eventos'}/${item.slug}`;
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(page);
      }
      await expectAccessible(page);
    });
  }
});
