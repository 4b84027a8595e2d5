import { clock } from '../src/shared/clock.ts';
import type { Event, News, Partner } from '../src/shared/schemas.ts';
import { expect, test } from './fixtures.ts';

const PAGES = {
  '/Inicio': ['Noticias', 'Contacto', 'CONÉCTATE AHORA'],
  '/Membresias': ['HAZTE SOCIA', 'Empoderamos, conectamos y lideramos en energías renovables.'],
  '/Socias': [
    'Socias Fundadoras',
    'Por una transición energética justa e inclusiva, únete y sé parte del cambio',
  ],
  '/Aportaciones': ['¿Cómo puedes aportar?', 'Tu aportación, nuestro impacto.', '#ENERGÍA QUE EMPODERA'],
  '/AvisoDePrivacidad': ['Aviso de privacidad', 'ARCO'],
} as const;

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

test.describe('Páginas que llegan completas desde el servidor', () => {
  for (const [path, texts] of Object.entries(PAGES)) {
    test(`${path} trae su h1, sus textos y su título en el primer HTML`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = decode(await response.text());
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      for (const text of texts) expect(html).toContain(text);
      expect(html).toMatch(/<title>[^<]+\| Mujeres en Energía Renovable<\/title>/);
      expect(html).toContain('<html lang="es-MX"');
      expect(html).toContain(
        `<link rel="canonical" href="http://127.0.0.1:4173${path}"`.replace(
          '4173',
          String(new URL(response.url()).port),
        ),
      );
      expect(html).toContain('<meta property="og:image"');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      // The page's own description, once: the template's is left out.
      expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
    });
  }

  for (const path of ['/', '/NoExiste']) {
    test(`${path} lleva a una página con una sola descripción`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      expect(html.match(/<meta\s+name="description"/g)).toHaveLength(1);
    });
  }

  test('Inicio trae los eventos, las noticias y las socias de la base de datos', async ({ request }) => {
    const [events, news, partners] = (await Promise.all(
      ['events', 'news', 'partners'].map(
        async (resource) => (await (await request.get(`/api/${resource}/get-all`)).json()).data,
      ),
    )) as [Event[], News[], Partner[]];
    const html = decode(await (await request.get('/Inicio')).text());
    for (const item of news) expect(html).toContain(item.name);
    for (const partner of partners) expect(html).toContain(partner.name);
    // The teaser shows one event; the structured data lists every upcoming one.
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) =>
        JSON.parse(match[1]!) as {
          '@type': string;
          name: string;
          startDate?: string;
          location?: unknown;
          url?: string;
          image?: string[];
        },
    );
    expect(blocks.filter((block) => block['@type'] === 'Organization')).toHaveLength(1);
    const listed = blocks.filter((block) => block['@type'] === 'Event');
    const upcoming = events.filter((event) => clock.isUpcoming(event.eventDate));
    expect(listed.map((block) => block.name).sort()).toEqual(upcoming.map((event) => event.name).sort());
    for (const block of listed) {
      // The start as staff entered it, on the association's clock, with its offset.
      const event = upcoming.find((item) => item.name === block.name)!;
      expect(block.startDate).toBe(clock.isoWithOffset(event.eventDate));
      expect(block.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);
      expect(block.location).toBeTruthy();
      expect(block.url).toMatch(/^https:\/\//);
      expect(block.image?.[0]).toMatch(/^http/);
    }
    expect(events.some((event) => html.includes(event.name))).toBe(true);
  });

  test('Socias trae la lista de socias en el primer HTML', async ({ request }) => {
    const partners = (await (await request.get('/api/partners/get-all')).json()).data as Partner[];
    const html = decode(await (await request.get('/Socias')).text());
    for (const partner of partners) expect(html).toContain(partner.name);
  });

  test('sitemap.xml y robots.txt responden', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('/Membresias</loc>');
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
  });
});

test.describe('Sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const path of Object.keys(PAGES)) {
    test(`${path} se lee completa`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('Todos los derechos reservados');
    });
  }

  test('los contadores muestran sus cifras finales', async ({ page }) => {
    await page.goto('/Inicio');
    const figure = (key: string) => page.locator(`[data-counter="${key}"] .counters__figure`);
    await expect(figure('socias')).toHaveText('+100');
    await expect(figure('corporativos')).toHaveText('+8');
    await expect(figure('year')).toHaveText('desde2016');
  });

  test('los enlaces del menú llevan a sus páginas', async ({ page }) => {
    await page.goto('/Inicio');
    await page.getByRole('banner').getByRole('link', { name: 'Transparencia' }).click();
    await expect(page).toHaveURL(/\/Aportaciones$/);
    await expect(page.locator('h1')).toContainText('¿Cómo puedes aportar?');
  });
});

test.describe('Con JavaScript', () => {
  for (const path of Object.keys(PAGES)) {
    test(`${path} se hidrata sin advertencias y sin volver a pedir las listas`, async ({
      page,
      consoleErrors,
    }) => {
      const warnings: string[] = [];
      const listRequests: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      page.on('request', (request) => {
        if (request.url().includes('/get-all')) listRequests.push(request.url());
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(consoleErrors).toEqual([]);
      expect(warnings.filter((text) => /hydrat/i.test(text))).toEqual([]);
      expect(listRequests).toEqual([]);
    });
  }
});
