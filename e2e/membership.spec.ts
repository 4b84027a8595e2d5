import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, SPEC_BREAKPOINTS, test } from './fixtures.ts';

const JOIN = /^Sé parte de /;

/** Scrolls through the page so every reveal-on-scroll block has appeared. */
async function revealAll(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
  });
  await page.waitForTimeout(1400);
}

async function openForm(page: Page, tab: 'Individual' | 'Corporativa' | 'Estudiantil') {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: JOIN }).click();
  const form = page.getByRole('form', { name: `Solicitud de membresía ${tab}` });
  await expect(form).toBeVisible();
  return form;
}

function person(tag: string) {
  const unique = `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `Renata Prueba ${unique}`,
    company: 'Viento Norte Energía',
    position: 'Analista de mercados',
    email: `renata.${unique.replace(/\W+/g, '')}@example.org`,
    phoneNumber: '8112345678',
  };
}

async function fill(page: Page, values: ReturnType<typeof person>) {
  for (const [name, value] of Object.entries(values)) {
    await page.locator(`#form-members input[name="${name}"]`).fill(value);
  }
}

test.describe('Página de membresías', () => {
  test('Una visitante envía su solicitud de membresía Corporativa y el correo llega con sus datos', async ({
    page,
    mailbox,
  }) => {
    await page.goto('/Membresias');
    await openForm(page, 'Corporativa');
    const values = person('corporativa');
    await fill(page, values);
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Enviado con éxito' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Su correo ya fue enviado con sus datos');
    await expect(page.locator('#form-members input[name="fullName"]')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(dialog).toBeHidden();

    const mail = await mailbox.waitFor(
      (message) =>
        message.subject.includes(values.fullName) && message.to.some((to) => to.includes('buzon@')),
    );
    expect(mail.subject).toContain('Corporativa');
    expect(mail.text).toContain(`Nombre completo: ${values.fullName}`);
    expect(mail.text).toContain(`Empresa: ${values.company}`);
    expect(mail.text).toContain(`Puesto: ${values.position}`);
    expect(mail.text).toContain(`Correo electrónico: ${values.email}`);
    expect(mail.text).toContain(`Teléfono: ${values.phoneNumber}`);
    expect(mail.text).toContain('Tipo de membresía: Corporativa');
  });

  test('Cada pestaña envía su propio tipo de membresía', async ({ page }) => {
    await page.goto('/Membresias');
    for (const tab of ['Individual', 'Estudiantil'] as const) {
      await openForm(page, tab);
      await fill(page, person(tab));
      const request = page.waitForRequest(
        (r) => r.url().endsWith('/api/mail/contact') && r.method() === 'POST',
      );
      await page.getByRole('button', { name: 'Enviar solicitud' }).click();
      const body = (await request).postDataJSON() as { data: Record<string, string> };
      expect(body.data.memberships).toBe(tab);
      expect(body.data.website).toBe('');
      const dialog = page.getByRole('alertdialog', { name: 'Enviado con éxito' });
      await dialog.getByRole('button', { name: 'Aceptar' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('tabpanel').getByRole('button', { name: JOIN }).click();
    }
  });

  test('Un envío incompleto muestra los mensajes y no manda nada', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/mail/contact')) posts.push(r.url());
    });
    await page.goto('/Membresias');
    await openForm(page, 'Individual');
    await page.locator('#form-members input[name="email"]').fill('renata@@example');
    await page.locator('#form-members input[name="phoneNumber"]').fill('81123456789');
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByText('Este campo es requerido')).toHaveCount(3);
    await expect(page.getByText('El campo no cumple con el formato valido de correo')).toBeVisible();
    await expect(page.getByText('El campo solo admite 10 numeros')).toBeVisible();
    await expect(page.locator('#form-members input[aria-invalid="true"]')).toHaveCount(5);
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
  });

  test('Si el servidor falla, avisa del error y conserva los datos', async ({ page, consoleErrors }) => {
    await page.route('**/api/mail/contact', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Falla simulada' } } }),
    );
    await page.goto('/Membresias');
    await openForm(page, 'Estudiantil');
    const values = person('falla');
    await fill(page, values);
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Error en el envío' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Su correo no pudo ser enviado');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    for (const [name, value] of Object.entries(values)) {
      await expect(page.locator(`#form-members input[name="${name}"]`)).toHaveValue(value);
    }
    expect(consoleErrors.length).toBeGreaterThan(0);
  });

  test('Las pestañas se manejan con el teclado y cambian el mensaje', async ({ page }) => {
    await page.goto('/Membresias');
    const heading = page.locator('#form-members h2');
    await expect(heading).toHaveText(/^Cómo te gustaría participar en .+\?$/);
    await page.getByRole('tab', { name: 'Individual' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Corporativa' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Corporativa' })).toHaveAttribute('aria-selected', 'true');
    await expect(heading).toHaveText('Únete y participa. Sé parte de esta transición justa.');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Estudiantil' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('70 %');
    await page.keyboard.press('Home');
    await expect(page.getByRole('tab', { name: 'Individual' })).toHaveAttribute('aria-selected', 'true');
  });

  test('El botón del banner y el enlace con #form-members llevan a los formularios', async ({ page }) => {
    await page.goto('/Membresias');
    await page.getByRole('link', { name: 'Conviértete en socia' }).click();
    await expect(page).toHaveURL(/#form-members$/);
    await expect
      .poll(async () => (await page.locator('#form-members').boundingBox())?.y ?? 9999, { timeout: 5000 })
      .toBeLessThan(200);

    await page.goto('/Inicio');
    await page.goto('/Membresias#form-members');
    await expect
      .poll(async () => (await page.locator('#form-members').boundingBox())?.y ?? 9999, { timeout: 5000 })
      .toBeLessThan(200);
  });

  test('Las cinco partes aparecen en orden y "Más Información" lleva a la misión', async ({ page }) => {
    await page.goto('/Membresias');
    await expect(page.locator('h1')).toHaveText('HAZTE SOCIA');
    await expect(page.locator('#Membresia')).toHaveCount(1);
    await expect(page.getByText('Empoderamos, conectamos y lideramos en energías renovables.')).toBeVisible();
    await page.getByRole('link', { name: 'Más Información' }).click();
    await expect(page).toHaveURL(/\/Inicio#Mision$/);
  });

  test('No hay desplazamiento horizontal en ningún ancho de la especificación', async ({ page }) => {
    await page.goto('/Membresias');
    await page.getByRole('tabpanel').getByRole('button', { name: JOIN }).click();
    for (const width of SPEC_BREAKPOINTS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoHorizontalOverflow(page);
    }
  });

  test('La página no tiene fallas de accesibilidad graves', async ({ page }) => {
    await page.goto('/Membresias');
    await page.getByRole('tabpanel').getByRole('button', { name: JOIN }).click();
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await revealAll(page);
    await expectAccessible(page);
  });
});
