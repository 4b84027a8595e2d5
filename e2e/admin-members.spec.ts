import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, test } from './fixtures.ts';
import { E2E_ADMIN } from './paths.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A CLABE whose control digit is right (3), and the same with its last digit wrong. */
const CLABE = '002180123456789013';
const WRONG_CLABE = '002180123456789014';

/** Opens an admin screen by its address (leaving the page first: a new hash alone does not reload). */
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

/** Fills and saves the association's bank details (the admin's settings screen must be open). */
async function saveBankDetails(page: Page, clabe: string) {
  const bank = page.getByRole('form', { name: 'Datos bancarios' });
  await bank.getByLabel('Banco').fill('Banco Ejemplo');
  await bank.getByLabel('Beneficiaria').fill('Mujeres en Energía Renovable A.C.');
  await bank.getByLabel('CLABE').fill(clabe);
  await bank.getByRole('button', { name: 'Guardar datos bancarios' }).click();
  if (clabe === CLABE) await expect(page.getByText('Datos bancarios guardados')).toBeVisible();
}

/** A visitor asks to join from /Membresias with the Individual plan. */
async function requestMembership(page: Page, fullName: string, email: string) {
  await page.goto('/Membresias');
  await expect(page.getByRole('tabpanel').getByText(/\$[\d,]+\.\d\d MXN/)).toBeVisible();
  await page.getByRole('tab', { name: 'Individual' }).click();
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^Sé parte de / })
    .click();
  const values = {
    fullName,
    company: 'Eólica del Golfo',
    position: 'Ingeniera',
    email,
    phoneNumber: '8112345678',
  };
  for (const [name, value] of Object.entries(values)) {
    await page.locator(`#form-members input[name="${name}"]`).fill(value);
  }
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Enviado con éxito' })).toBeVisible();
}

test.describe('Socias en la administración', () => {
  test.setTimeout(120_000);

  test('una solicitud de /Membresias se aprueba, se paga y la socia aparece en el directorio solo cuando lo elige', async ({
    page,
    mailbox,
  }) => {
    const tag = unique();
    const fullName = `Lucía Admin ${tag}`;
    const email = `lucia.${tag}@example.org`;
    await requestMembership(page, fullName, email);

    // Bank details first: a CLABE whose control digit fails is refused beside its field.
    await logIn(page);
    await open(page, '#/members-settings');
    const bank = page.getByRole('form', { name: 'Datos bancarios' });
    await saveBankDetails(page, WRONG_CLABE);
    await expect(bank.getByText('El dígito de control de la CLABE no coincide')).toBeVisible();
    await saveBankDetails(page, CLABE);
    await expectAccessible(page);

    // The request is an application under review in the members' list.
    await open(page, `#/members?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    const row = page.getByRole('row', { name: new RegExp(fullName) });
    await expect(row).toContainText('En revisión');
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar' }).click();
    await expect(page.getByText(/^Aprobada\. Referencia MEER-/)).toBeVisible();

    // The applicant gets the instructions with her reference, read from the SMTP peer.
    const approval = await mailbox.waitFor(
      (m) => m.to.includes(email) && m.subject === 'Aprobamos tu solicitud de membresía',
    );
    const reference = /MEER-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(approval.text)?.[0];
    expect(reference).toBeTruthy();
    expect(approval.text).toContain(CLABE);
    const memberPage = new URL(/https?:\/\/\S+\/Socia\/[A-Za-z0-9_-]+/.exec(approval.text)![0]).pathname;

    // A payment of 0 is refused beside its field; the right one records a receipt and a period.
    const payment = page.getByRole('form', { name: 'Registrar un pago' });
    await expect(payment.getByLabel('Referencia')).toHaveValue(reference!);
    const amount = await payment.getByLabel('Importe (pesos)').inputValue();
    await payment.getByLabel('Importe (pesos)').fill('0');
    await payment.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(payment.getByText('El importe debe ser mayor que cero')).toBeVisible();
    await payment.getByLabel('Importe (pesos)').fill(amount);
    await payment.getByRole('button', { name: 'Registrar pago' }).click();
    const done = payment.getByText(/^Recibo R-\d{4}-\d+\. Periodo del /);
    await expect(done).toBeVisible();
    const periodEnd = /al (\d+ de [a-záéíóúñ]+ de \d{4})\./.exec((await done.textContent()) ?? '')?.[1];
    expect(periodEnd).toBeTruthy();
    await expect(page.getByText(`Activa hasta el ${periodEnd}`)).toBeVisible();

    // Her receipt is a PDF; her history says who approved and who recorded the payment.
    const receipt = page.getByRole('link', { name: /^R-\d{4}-\d+ \(PDF\)$/ });
    const pdf = await page.request.get((await receipt.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const history = page.getByRole('table', { name: 'Historial' });
    await expect(history.getByRole('row', { name: /Aprobada/ })).toContainText(E2E_ADMIN.email);
    await expect(page.getByRole('table', { name: 'Recordatorios' })).toContainText(
      '30 días antes del vencimiento',
    );
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);

    // Her own page says the same; the directory shows her only once she ticks it.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(memberPage);
    await expect(page.getByText(`Activa hasta el ${periodEnd}`)).toBeVisible();
    await page.goto('/Socias');
    const directory = page.getByRole('region', { name: 'Directorio de socias' });
    await expect(directory).toBeVisible();
    await expect(directory).not.toContainText(fullName);
    await page.goto(memberPage);
    await page.getByLabel('Quiero aparecer en el directorio de socias').check();
    await page.getByLabel('Mi nombre').check();
    await page.getByRole('button', { name: 'Guardar mi elección' }).click();
    await expect(page).toHaveURL(/\?aviso=directorio$/);
    await page.goto('/Socias');
    await expect(directory.getByText(fullName)).toBeVisible();
    await expect(directory).not.toContainText('Eólica del Golfo');
    await expectAccessible(page);
  });

  test('una socia importada renueva desde su página y el estado de cuenta registra su pago, nunca uno de importe distinto', async ({
    page,
    mailbox,
  }) => {
    const tag = unique();
    const fullName = `Rosa Importada ${tag}`;
    const email = `rosa.${tag}@example.org`;
    // A fixed, far period end: her status reads "activa" whatever day the test runs.
    const csv = [
      'nombre,correo,plan,vence,organizacion',
      `${fullName},${email},individual,2099-06-30,Geotermia del Bajío`,
      `Sin Correo ${tag},,individual,2099-06-30,`,
    ].join('\n');

    await logIn(page);
    // Renewing needs the bank's details: the reference is paid to them.
    await open(page, '#/members-settings');
    await saveBankDetails(page, CLABE);
    await open(page, '#/members-tools');
    const importCard = page.getByRole('region', { name: 'Importar socias desde un CSV' });
    await importCard.getByLabel('Archivo CSV de socias').setInputFiles({
      name: 'socias.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await importCard.getByLabel('Enviar a cada socia el enlace a su página').check();
    await importCard.getByRole('button', { name: 'Importar' }).click();
    await expect(importCard.getByText('Se importó 1 socia.')).toBeVisible();
    await expect(importCard.getByText(/^Línea 3: /)).toBeVisible();
    await expectAccessible(page);

    // She gets her page's link, read from the SMTP peer, and asks to renew there: a new reference.
    const welcome = await mailbox.waitFor(
      (m) => m.to.includes(email) && /ahora en el sitio$/.test(m.subject),
    );
    expect(welcome.text).toContain('30 de junio de 2099');
    const memberPage = new URL(/https?:\/\/\S+\/Socia\/[A-Za-z0-9_-]+/.exec(welcome.text)![0]).pathname;
    await page.goto(memberPage);
    await expect(page.getByText('Activa hasta el 30 de junio de 2099')).toBeVisible();
    await page.getByRole('button', { name: 'Renovar mi membresía' }).click();
    const howToPay = page.getByRole('region', { name: 'Cómo pagar tu cuota' });
    await expect(howToPay).toBeVisible();
    const facts = await howToPay.locator('dd').allTextContents();
    const reference = facts.find((text) => /^MEER-/.test(text))!;
    const amount = facts.find((text) => /MXN$/.test(text))!;
    expect(reference).toMatch(/^MEER-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const pesos = amount.replace(/[^\d.]/g, '');
    await expectAccessible(page);

    // The bank's statement: the line with her reference and amount is proposed; one whose amount
    // differs is shown, never proposed.
    await open(page, '#/members-tools');
    const statement = page.getByRole('region', { name: 'Estado de cuenta del banco' });
    await statement.getByLabel('Archivo CSV del estado de cuenta').setInputFiles({
      name: 'estado.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Fecha,Concepto,Abono',
          `02/11/2026,SPEI ${reference} cuota,${pesos}`,
          `03/11/2026,SPEI ${reference} otra vez,${(Number(pesos) + 1).toFixed(2)}`,
        ].join('\n'),
      ),
    });
    await statement.getByRole('button', { name: 'Leer el estado de cuenta' }).click();
    const lines = statement.getByRole('table', { name: 'Movimientos' });
    await expect(lines.getByRole('row', { name: /otra vez/ })).toContainText('Importe distinto');
    await expect(lines.getByRole('row', { name: /otra vez/ }).getByRole('checkbox')).toHaveCount(0);
    await expect(statement.getByRole('checkbox', { name: 'Registrar la línea 2' })).toBeChecked();
    await statement.getByRole('button', { name: 'Registrar los pagos elegidos' }).click();
    await expect(statement.getByText('Pagos registrados: 1.')).toBeVisible();
    await expect(lines.getByRole('row', { name: /cuota/ })).toContainText('Ya registrado');

    // Renewed before her period ended, her new year starts when the old one ends.
    await page.goto(memberPage);
    await expect(page.getByText('Activa hasta el 30 de junio de 2100')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cómo pagar tu cuota' })).toHaveCount(0);
  });
});
