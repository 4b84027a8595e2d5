import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const header = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

test.describe('Diseño común de todas las páginas', () => {
  test('La cabecera lleva a cada sección en el orden de la especificación', async ({ page }) => {
    await page.goto('/Socias');
    const links = header(page).getByRole('link');
    await expect(links).toHaveText([
      'Inicio',
      'Membresía',
      'Eventos',
      'Noticias',
      'Socias',
      'Transparencia',
      /Red Hermana/,
      'Hazte Socia',
    ]);
    await expect(header(page).getByRole('link', { name: 'Membresía' })).toHaveAttribute(
      'href',
      '/Membresias',
    );
    await expect(header(page).getByRole('link', { name: 'Transparencia' })).toHaveAttribute(
      'href',
      '/Aportaciones',
    );
    await expect(header(page).getByRole('link', { name: /Red Hermana/ })).toHaveAttribute('target', '_blank');
    await expect(header(page).getByRole('link', { name: 'Socias' })).toHaveAttribute('aria-current', 'page');
    await expect(header(page).getByRole('link', { name: 'Inicio' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Hazte socia', exact: true }),
    ).toHaveAttribute('href', '/Membresias');
    await expect(page).toHaveTitle(/^Socias \| /);
  });

  test('La franja superior invita a la sección de membresía', async ({ page }) => {
    await page.goto('/Aportaciones');
    const banner = page.getByRole('link', { name: /Obtén tu membresía .+ - CONÉCTATE AHORA/ });
    await expect(banner).toHaveAttribute('href', '/Membresias#Membresia');
  });

  test('El logotipo lleva a Inicio y cada navegación vuelve al principio de la página', async ({ page }) => {
    await page.goto('/Socias');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page
      .getByRole('link', { name: /ir a Inicio/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/Inicio$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle(/^Inicio \| /);
  });

  test('Noticias en el menú abre Inicio y desplaza hasta la sección', async ({ page }) => {
    await page.goto('/Socias');
    await header(page).getByRole('link', { name: 'Noticias' }).click();
    await expect(page).toHaveURL(/\/Inicio#Noticias$/);
    // The section lands 160 px under the top of the viewport once the smooth scroll settles.
    await expect
      .poll(
        async () =>
          Math.round(await page.locator('#Noticias').evaluate((el) => el.getBoundingClientRect().top)),
        {
          timeout: 5000,
        },
      )
      .toBeGreaterThanOrEqual(150);
    await expect
      .poll(async () =>
        Math.round(await page.locator('#Noticias').evaluate((el) => el.getBoundingClientRect().top)),
      )
      .toBeLessThanOrEqual(170);
  });

  test('El scroll-spy resalta Eventos y luego Noticias en Inicio', async ({ page }) => {
    await page.goto('/Inicio');
    await expect(page.getByRole('button', { name: 'Inscribete' })).toBeVisible();
    const eventos = header(page).getByRole('link', { name: 'Eventos' });
    const noticias = header(page).getByRole('link', { name: 'Noticias' });
    const inicio = header(page).getByRole('link', { name: 'Inicio' });
    await expect(inicio).toHaveClass(/is-active/);
    await expect(eventos).not.toHaveClass(/is-active/);

    const top = (id: string) =>
      page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.evaluate((y) => window.scrollTo(0, y), (await top('Eventos')) - 100);
    await expect(eventos).toHaveClass(/is-active/);
    await expect(noticias).not.toHaveClass(/is-active/);

    await page.evaluate((y) => window.scrollTo(0, y), (await top('Noticias')) - 100);
    await expect(noticias).toHaveClass(/is-active/);
    await expect(eventos).not.toHaveClass(/is-active/);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(eventos).not.toHaveClass(/is-active/);
    await expect(noticias).not.toHaveClass(/is-active/);
  });

  test('A 930 px el menú se pliega en una hamburguesa que se cierra al elegir un enlace', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 930, height: 800 });
    await page.goto('/Inicio');
    const toggle = page.getByRole('checkbox', { name: 'Menú principal' });
    const socias = header(page).getByRole('link', { name: 'Socias' });
    await expect(socias).toBeHidden();
    await page.locator('.site-nav__burger').click();
    await expect(toggle).toBeChecked();
    await expect(socias).toBeVisible();
    await socias.click();
    await expect(page).toHaveURL(/\/Socias$/);
    await expect(toggle).not.toBeChecked();
    await expect(socias).toBeHidden();
  });

  test('La hamburguesa funciona con el teclado', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/Inicio');
    const toggle = page.getByRole('checkbox', { name: 'Menú principal' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(header(page).getByRole('link', { name: 'Membresía' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(header(page).getByRole('link', { name: 'Inicio' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeFocused();
    // The separate join button gives way on small widths.
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Hazte socia', exact: true }),
    ).toBeHidden();
  });

  test('A 931 px el menú se muestra completo, sin hamburguesa', async ({ page }) => {
    await page.setViewportSize({ width: 931, height: 800 });
    await page.goto('/Inicio');
    await expect(page.locator('.site-nav__burger')).toBeHidden();
    await expect(header(page).getByRole('link', { name: 'Socias' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Transparencia' })).toBeVisible();
  });

  test('El pie de página tiene navegación, redes, botón y la línea de derechos', async ({ page }) => {
    await page.goto('/Membresias');
    const footer = page.getByRole('contentinfo');
    const nav = footer.getByRole('navigation', { name: 'Pie de página' });
    await expect(nav.getByRole('link')).toHaveText([
      'Inicio',
      'Eventos',
      'Membresía',
      'Socias',
      'Donaciones',
      /hermana/,
    ]);
    await expect(nav.getByRole('link', { name: 'Donaciones' })).toHaveAttribute('href', '/Aportaciones');
    await expect(footer.getByRole('link', { name: 'Hazte socia' })).toHaveAttribute('href', '/Membresias');
    await expect(footer.getByText('Connect with us online')).toBeVisible();
    await expect(footer.getByRole('link', { name: /@example\.org/ })).toHaveAttribute('href', /^mailto:/);
    for (const name of ['LinkedIn', 'Instagram', 'YouTube']) {
      await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('target', '_blank');
    }
    await expect(footer.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
    await expect(footer.getByText('Todos los derechos reservados.')).toBeVisible();
    const width = await footer.locator('.site-footer__inner').evaluate((el) => {
      const style = getComputedStyle(el);
      return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    });
    expect(width).toBeLessThanOrEqual(1200);
  });

  test('El botón flotante de WhatsApp está en cada página y abre una pestaña nueva', async ({ page }) => {
    for (const path of ['/Inicio', '/Membresias', '/Socias', '/Aportaciones']) {
      await page.goto(path);
      const chat = page.getByRole('link', { name: /WhatsApp/ });
      await expect(chat).toBeVisible();
      await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=$/);
      await expect(chat).toHaveAttribute('target', '_blank');
    }
  });

  test('Una ruta desconocida redirige a Inicio', async ({ page }) => {
    await page.goto('/no-existe');
    await expect(page).toHaveURL(/\/Inicio$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
