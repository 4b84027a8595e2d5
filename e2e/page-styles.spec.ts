import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Each page carries only the CSS it needs (decision 026); the rest arrives with the chunks of the page a
// visitor moves to. These tests check that a page reached from another one looks as it does when opened
// directly, whatever the order its stylesheets came in.

/** What the cascade decides for the first elements of the main content (not motion nor the font face). */
function styleSignature(page: Page) {
  return page.evaluate(() => {
    const properties = [
      'color',
      'background-color',
      'border-top-color',
      'border-top-width',
      'border-left-width',
      'border-radius',
      'font-size',
      'font-weight',
      'padding-top',
      'padding-left',
      'margin-top',
      'display',
      'gap',
      'box-shadow',
      'text-align',
    ];
    const elements = [...document.querySelectorAll('main *')].slice(0, 120);
    return elements.map((element) => {
      const style = getComputedStyle(element);
      // State classes (`is-waiting` until a section scrolls in) are not the cascade's doing.
      const classes = [...element.classList].filter((name) => !name.startsWith('is-'));
      const name = `${element.tagName.toLowerCase()}.${classes.join('.')}`;
      return `${name} ${properties.map((property) => style.getPropertyValue(property)).join(' | ')}`;
    });
  });
}

/** The page's styles are in place once every stylesheet link the chunk loader added has loaded. */
async function stylesheetsLoaded(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].every(
      (link) => link.sheet !== null,
    ),
  );
}

const pages: { path: string; from: string; heading: RegExp }[] = [
  { path: '/Membresias', from: '/AvisoDePrivacidad', heading: /hazte socia/i },
  { path: '/Socias', from: '/AvisoDePrivacidad', heading: /socias/i },
  { path: '/Aportaciones', from: '/AvisoDePrivacidad', heading: /aportar/i },
  { path: '/Inicio', from: '/AvisoDePrivacidad', heading: /./ },
  { path: '/AvisoDePrivacidad', from: '/Socias', heading: /privacidad/i },
];

test.describe('Estilos de cada página', () => {
  test('Cada página trae solo sus propios estilos en línea', async ({ page }) => {
    const styleOf = async (path: string) => {
      await page.goto(path);
      return page.evaluate(() => ({
        inline: document.querySelector('head style')?.textContent?.length ?? 0,
        named: [...document.querySelectorAll('link[rel="stylesheet"][disabled]')].map((link) =>
          link.getAttribute('href'),
        ),
      }));
    };
    const privacy = await styleOf('/AvisoDePrivacidad');
    const membership = await styleOf('/Membresias');
    expect(privacy.named.some((href) => href?.includes('aviso-privacidad-page'))).toBe(true);
    expect(privacy.named.some((href) => href?.includes('membresias-page'))).toBe(false);
    expect(membership.named.some((href) => href?.includes('membresias-page'))).toBe(true);
    expect(membership.named.some((href) => href?.includes('aviso-privacidad-page'))).toBe(false);
    expect(privacy.inline).toBeLessThan(membership.inline);
  });

  for (const { path, from, heading } of pages) {
    test(`${path} se ve igual al llegar desde ${from} que al abrirla`, async ({ page }) => {
      await page.goto(path);
      await stylesheetsLoaded(page);
      const direct = await styleSignature(page);
      expect(direct.length).toBeGreaterThan(10);

      await page.goto(from);
      // A link within the app (the short privacy notices open the full one in a new tab).
      await page.locator(`a[href="${path}"]:not([target])`).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await stylesheetsLoaded(page);
      await expect.poll(() => styleSignature(page)).toEqual(direct);
    });
  }
});
