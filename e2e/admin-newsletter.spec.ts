import { join } from 'node:path';
import type { Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { expect, expectAccessible, expectNoHorizontalOverflow, test, type Mailbox } from './fixtures.ts';
import { E2E_ADMIN, E2E_DIR } from './paths.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Opens an admin screen by its address. The page is left first: a new hash alone does not reload the
 * admin, and a list's search still waiting to write its own address could write it over the new one.
 */
async function open(page: Page, hash: string) {
  await page.mainFrame().goto('about:blank');
  await page.goto(`/admin${hash}`);
}

async function logIn(page: Page) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: /Correo electrónico/ }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: /Contraseña/ }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Actualizar' })).toBeVisible({
    timeout: 30_000,
  });
}

/** An active subscriber: subscribed from the footer's API, confirmed by the button of the mail's page. */
async function activeSubscriber(page: Page, mailbox: Mailbox, local = 'boletin.admin') {
  const email = `${local}.${unique()}@example.org`;
  const token = ((await (await page.request.get('/api/csrf')).json()) as { data: { token: string } }).data
    .token;
  const subscribed = await page.request.post('/api/newsletter/subscribe', {
    data: { data: { email } },
    headers: { 'x-xsrf-token': token },
  });
  expect(subscribed.status()).toBe(202);
  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Confirma'));
  const link = /https?:\/\/\S+\/Boletin\/confirmar\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await page.getByRole('button', { name: 'Confirmar suscripción' }).click();
  await expect(page).toHaveURL(/\/Boletin\/Confirmada$/);
  return email;
}

test.describe('Boletín en la administración', () => {
  test.setTimeout(120_000);

  test('una administradora escribe un boletín, se envía una prueba, lo envía y ve el progreso hasta el total', async ({
    page,
    mailbox,
  }) => {
    const subscriber = await activeSubscriber(page, mailbox);
    const subject = `Boletín de prueba ${unique()}`;

    await logIn(page);
    // The subscriber is in the list, found by the search.
    await open(page, '#/newsletter-subscribers');
    await page.getByPlaceholder('Correo o nombre').fill(subscriber);
    await expect(page.getByText(subscriber)).toBeVisible();
    await expect(
      page.getByRole('row', { name: new RegExp(subscriber) }).getByRole('cell', { name: 'Activa' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      /\/api\/admin\/newsletter\/subscribers\/export\.csv/,
    );
    // (axe here: on the campaign's screen it would have to enter the preview's sandboxed frame.)
    await expectAccessible(page);

    // Write it.
    await open(page, '#/newsletter-campaigns/create');
    await page.getByRole('textbox', { name: /^Asunto/ }).fill(subject);
    // Every active subscriber unless a member audience is chosen (always among those who confirmed).
    const audience = page.getByRole('combobox', { name: /Destinatarias/ });
    await expect(audience).toHaveText('Todas las suscriptoras activas');
    await audience.click();
    await expect(page.getByRole('option', { name: /Socias en periodo de gracia/ })).toBeVisible();
    await page.getByRole('option', { name: 'Todas las suscriptoras activas' }).click();
    await page.locator('[contenteditable="true"]').click();
    await page.keyboard.type('Noticias del mes para las socias.');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Boletín' })).toBeVisible();

    // The preview shows the mail as sent, with its unsubscribe link.
    const preview = page.frameLocator('iframe[title="Vista previa del correo"]');
    await expect(preview.getByText('Noticias del mes para las socias.')).toBeVisible();
    await expect(preview.getByText('Darte de baja')).toBeVisible();

    // A test to herself.
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    const test = await mailbox.waitFor(
      (m) => m.to.includes(E2E_ADMIN.email) && m.subject === `[Prueba] ${subject}`,
    );
    expect(test.text).toContain('Noticias del mes para las socias.');
    expect(mailbox.all().filter((m) => m.subject === subject)).toHaveLength(0);

    // Send, after the confirmation and the password typed again, and follow the progress to the total.
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '¿Enviar el boletín?' });
    await expect(dialog).toContainText('te pediremos tu contraseña');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirma que eres tú' });
    await expect(stepUp).toContainText(`Enviar «${subject}» a todas las suscriptoras activas`);
    await stepUp.getByRole('textbox', { name: /Tu contraseña/ }).fill(E2E_ADMIN.password);
    await stepUp.getByRole('button', { name: 'Confirmar' }).click();
    const progress = page.getByTestId('campaign-progress');
    await expect(progress).toHaveText(/^(\d+) de \1 enviados/, { timeout: 60_000 });
    await expect(page.getByText('Envío terminado.')).toBeVisible();
    const [, sent] = /^(\d+) de/.exec((await progress.textContent()) ?? '')!;
    expect(Number(sent)).toBeGreaterThanOrEqual(1);

    const received = await mailbox.waitFor((m) => m.to.includes(subscriber) && m.subject === subject);
    expect(received.text).toContain('Noticias del mes para las socias.');

    // The list shows it sent.
    await open(page, '#/newsletter-campaigns');
    await expect(page.getByRole('row', { name: new RegExp(subject) })).toContainText('Enviado');
  });

  test('los boletines sin confirmar se ven y se reenvían; las pantallas caben a 1440 y 390 px', async ({
    page,
    mailbox,
  }) => {
    // An address wider than a phone: the list must wrap it, not push the page sideways.
    const subscriber = await activeSubscriber(page, mailbox, 'boletin.direccion.mas.ancha.que.un.telefono');
    const subject = `Boletín interrumpido ${unique()}`;
    await logIn(page);
    const csrf = async () =>
      ((await (await page.request.get('/api/csrf')).json()) as { data: { token: string } }).data.token;
    const created = await page.request.post('/api/admin/newsletter/campaigns', {
      data: { data: { subject, html: '<p>Un envío que se cortó.</p>' } },
      headers: { 'x-xsrf-token': await csrf() },
    });
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    // Sending asks for the password again (the step-up).
    const confirmed = await page.request.post('/api/admin/me/confirm', {
      data: { password: E2E_ADMIN.password },
      headers: { 'x-xsrf-token': await csrf() },
    });
    expect(confirmed.status()).toBe(200);
    const sent = await page.request.post(`/api/admin/newsletter/campaigns/${id}/send`, {
      headers: { 'x-xsrf-token': await csrf() },
    });
    expect(sent.status()).toBe(202);
    const first = await mailbox.waitFor((m) => m.to.includes(subscriber) && m.subject === subject, 30_000);
    await expect
      .poll(
        async () =>
          (
            (await (await page.request.get(`/api/admin/newsletter/campaigns/${id}`)).json()) as {
              data: { status: string };
            }
          ).data.status,
      )
      .toBe('sent');
    // As the mail worker leaves this subscriber's message when the process dies after its end of data
    // went out and before the server's answer was recorded (decision 039).
    const db = new SQLite(join(E2E_DIR, 'site.db'));
    try {
      db.prepare(
        `update outbox set status = 'uncertain' where id in
           (select outbox_id from newsletter_deliveries where campaign_id = ?) and to_address = ?`,
      ).run(id, subscriber);
    } finally {
      db.close();
    }

    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, '#/newsletter-subscribers');
      await page.getByPlaceholder('Correo o nombre').fill(subscriber);
      await expect(page.getByText(subscriber)).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/admin-boletin-suscriptoras-${width}.png`, fullPage: true });
      await open(page, '#/newsletter-campaigns');
      await expect(page.getByText(subject)).toBeVisible();
      await expect(page.getByText('1 sin confirmar').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/admin-boletin-boletines-${width}.png`, fullPage: true });
      await open(page, `#/newsletter-campaigns/${encodeURIComponent(id)}`);
      await expect(page.getByText('1 correo sin confirmar', { exact: false })).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: `test-results/admin-boletin-campana-${width}.png`, fullPage: true });
    }

    await page.getByRole('button', { name: 'Reenviar' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Reenviar los correos sin confirmar?' });
    await dialog.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByTestId('campaign-progress')).toHaveText(/^(\d+) de \1 enviados$/, {
      timeout: 30_000,
    });
    await expect(page.getByText('sin confirmar', { exact: false })).toHaveCount(0);
    // The same message again: one Message-ID for both copies.
    await expect
      .poll(() => mailbox.all().filter((m) => m.to.includes(subscriber) && m.subject === subject).length, {
        timeout: 15_000,
      })
      .toBe(2);
    const copies = mailbox.all().filter((m) => m.to.includes(subscriber) && m.subject === subject);
    expect(copies.map((m) => m.messageId)).toEqual([first.messageId, first.messageId]);
  });
});
