import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test, type Mailbox } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

// A visitor whose browser runs no script (disabled, blocked, or not arrived yet on a weak network).
test.use({ javaScriptEnabled: false });

function person(label: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: `Renata ${label} ${unique}`,
    company: 'Sol del Pacífico',
    position: 'Analista de energía',
    email: `renata.${unique}@example.org`,
    phoneNumber: '5587654321',
  };
}

async function fill(form: Locator, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await form.locator(`input[name="${name}"]`).fill(value);
}

/** The request as the association's inbox holds it (read through the admin's API). */
async function storedRequest(request: APIRequestContext, email: string) {
  const csrf = async () =>
    ((await (await request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
  const login = await request.post('/api/auth/login', {
    data: E2E_ADMIN,
    headers: { 'x-xsrf-token': await csrf() },
  });
  expect(login.ok()).toBe(true);
  const list = await request.get(`/api/admin/requests?q=${encodeURIComponent(email)}`);
  expect(list.ok()).toBe(true);
  return ((await list.json()) as { data: { email: string; kind: string; fullName: string }[] }).data;
}

async function expectDelivered(mailbox: Mailbox, values: ReturnType<typeof person>, kind: string) {
  const notice = await mailbox.waitFor(
    (message) => message.subject.includes(values.fullName) && message.to.some((to) => to.includes('buzon@')),
  );
  expect(notice.subject).toContain(kind);
  expect(notice.text).toContain(`Correo electrónico: ${values.email}`);
  const ack = await mailbox.waitFor((message) => message.to.some((to) => to.includes(values.email)));
  expect(ack.envelope.to).toEqual([values.email]);
}

async function expectSent(page: Page) {
  await expect(page).toHaveURL(/\/SolicitudEnviada$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enviado con éxito' })).toBeVisible();
  await expect(page.getByText('Su correo ya fue enviado con sus datos')).toBeVisible();
}

test.describe('Formularios sin JavaScript', () => {
  test('Una visitante sin JavaScript escribe a la asociación; la solicitud se guarda y el correo llega', async ({
    page,
    request,
    mailbox,
  }) => {
    await page.goto('/Inicio');
    const form = page.locator('#Contacto form');
    await expect(form).toHaveAttribute('action', '/Solicitud');
    await expect(form).toHaveAttribute('method', 'post');
    const values = person('Contacto');
    await fill(form, values);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expectSent(page);

    expect(await storedRequest(request, values.email)).toMatchObject([
      { kind: 'contacto', fullName: values.fullName, email: values.email },
    ]);
    await expectDelivered(mailbox, values, 'contacto');
  });

  test('Un envío sin JavaScript con errores vuelve con los mensajes junto a lo escrito', async ({
    page,
    request,
  }) => {
    await page.goto('/Inicio');
    const form = page.locator('#Contacto form');
    const values = { ...person('Errores'), email: 'renata@@ejemplo', phoneNumber: '55123', company: ' ' };
    await fill(form, values);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();

    await expect(page).toHaveURL(/\/Solicitud$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Error en el envío' })).toBeVisible();
    await expect(page.getByText('Su correo no pudo ser enviado')).toBeVisible();
    const answer = page.locator('main form');
    const field = (name: string) => answer.locator(`input[name="${name}"]`);
    await expect(field('fullName')).toHaveValue(values.fullName);
    await expect(field('email')).toHaveValue(values.email);
    await expect(field('phoneNumber')).toHaveValue(values.phoneNumber);
    await expect(field('email')).toHaveAccessibleDescription(
      'El campo no cumple con el formato valido de correo',
    );
    await expect(field('phoneNumber')).toHaveAccessibleDescription(/El campo solo admite 10 numeros/);
    await expect(field('company')).toHaveAccessibleDescription('Este campo es requerido');
    await expect(field('fullName')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await storedRequest(request, values.fullName)).toEqual([]);

    // Corrected on the answer page, the same form sends.
    await field('email').fill(`renata.${Date.now().toString(36)}@example.org`);
    await field('phoneNumber').fill('5512345678');
    await field('company').fill('Sol del Pacífico');
    await answer.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expectSent(page);
    expect(await storedRequest(request, values.fullName)).toHaveLength(1);
  });

  test('Una visitante sin JavaScript pide su membresía Corporativa; se guarda y el correo llega', async ({
    page,
    request,
    mailbox,
  }) => {
    await page.goto('/Membresias');
    const form = page.locator('form').filter({ has: page.locator('select[name="memberships"]') });
    await expect(form).toBeVisible();
    const values = person('Membresía');
    await fill(form, values);
    await form.getByLabel('Tipo de membresía').selectOption('Corporativa');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expectSent(page);

    expect(await storedRequest(request, values.email)).toMatchObject([
      { kind: 'Corporativa', fullName: values.fullName },
    ]);
    await expectDelivered(mailbox, values, 'Corporativa');
  });

  test('Una solicitud de membresía sin JavaScript con errores conserva el tipo elegido', async ({ page }) => {
    await page.goto('/Membresias');
    const form = page.locator('form').filter({ has: page.locator('select[name="memberships"]') });
    await form.getByLabel('Tipo de membresía').selectOption('Estudiantil');
    await form.locator('input[name="fullName"]').fill('Renata Sin Datos');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();

    await expect(page).toHaveURL(/\/Solicitud$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Error en el envío' })).toBeVisible();
    const answer = page.locator('main form');
    await expect(answer.getByLabel('Tipo de membresía')).toHaveValue('Estudiantil');
    await expect(answer.locator('input[name="fullName"]')).toHaveValue('Renata Sin Datos');
    await expect(answer.getByText('Este campo es requerido')).toHaveCount(4);
  });
});
