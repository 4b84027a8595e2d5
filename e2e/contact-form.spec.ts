import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

function contactForm(page: Page): Locator {
  return page.locator('#Contacto form');
}

function person() {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `Ximena Contacto ${unique}`,
    company: 'Sol del Bajío',
    position: 'Ingeniera de proyectos',
    email: `ximena.${unique}@example.org`,
    phoneNumber: '5512345678',
  };
}

async function fill(form: Locator, values: ReturnType<typeof person>) {
  for (const [name, value] of Object.entries(values)) await form.locator(`input[name="${name}"]`).fill(value);
}

test.describe('Formulario de contacto', () => {
  test('Una visitante escribe a la asociación y el correo llega con sus datos', async ({ page, mailbox }) => {
    await page.goto('/Inicio#Contacto');
    const form = contactForm(page);
    await expect(form).toBeVisible();
    await expect(form.locator('input[name="memberships"]')).toHaveCount(0);
    const values = person();
    await fill(form, values);
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/mail/contact') && r.method() === 'POST',
    );
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    expect((await request).postDataJSON()).toEqual({ data: { ...values, website: '' } });

    const dialog = page.getByRole('alertdialog', { name: 'Enviado con éxito' });
    await expect(dialog).toContainText('Su correo ya fue enviado con sus datos');
    await expect(form.locator('input[name="email"]')).toHaveValue('');

    const mail = await mailbox.waitFor(
      (message) =>
        message.subject.includes(values.fullName) && message.to.some((to) => to.includes('buzon@')),
    );
    expect(mail.subject).toContain('contacto');
    expect(mail.text).toContain(`Correo electrónico: ${values.email}`);
    expect(mail.text).toContain(`Teléfono: ${values.phoneNumber}`);
    expect(mail.text).toContain(`Empresa: ${values.company}`);
    expect(mail.text).toContain('Tipo de membresía: No aplica');
  });

  test('Un envío vacío marca todos los campos y no manda nada', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/mail/contact')) posts.push(r.url());
    });
    await page.goto('/Inicio#Contacto');
    const form = contactForm(page);
    await form.locator('input[name="phoneNumber"]').fill('551234567');
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(form.getByText('Este campo es requerido')).toHaveCount(4);
    await expect(form.getByText('El campo solo admite 10 numeros')).toBeVisible();
    await expect(form.locator('input[aria-invalid="true"]')).toHaveCount(5);
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);
  });

  test('Si el servidor falla, avisa del error y conserva los datos', async ({ page, consoleErrors }) => {
    await page.route('**/api/mail/contact', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Falla simulada' } } }),
    );
    await page.goto('/Inicio#Contacto');
    const form = contactForm(page);
    const values = person();
    await fill(form, values);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Error en el envío' });
    await expect(dialog).toContainText('Su correo no pudo ser enviado');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    for (const [name, value] of Object.entries(values)) {
      await expect(form.locator(`input[name="${name}"]`)).toHaveValue(value);
    }
    expect(consoleErrors.length).toBeGreaterThan(0);
  });
});
