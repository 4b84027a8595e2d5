import { render, screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { identity } from '../../content/identity.ts';
import { contactPosts, installDialogPolyfill, mockContactApi } from '../../test/request-form.ts';
import { loadEveryComponent } from '../../lib/lazy-component.tsx';
import { MembresiasPage } from './membresias-page.tsx';

const joinName = `Sé parte de ${identity.name}`;

const person = {
  fullName: 'Renata Gil Ochoa',
  company: 'Viento Norte',
  position: 'Analista de mercados',
  email: 'renata@example.org',
  phoneNumber: '8112345678',
};

async function fill(user: UserEvent) {
  await user.type(screen.getByLabelText(/nombre completo/i), person.fullName);
  await user.type(screen.getByLabelText(/empresa u organización/i), person.company);
  await user.type(screen.getByLabelText(/cargo o puesto/i), person.position);
  await user.type(screen.getByLabelText(/correo electrónico/i), person.email);
  await user.type(screen.getByLabelText(/teléfono/i), person.phoneNumber);
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntry="/Membresias">
      <MembresiasPage />
    </MemoryRouter>,
  );
const visiblePanel = () => screen.getByRole('tabpanel');

beforeAll(async () => {
  installDialogPolyfill();
  // The form's code loads on first opening; loading it up front keeps these tests synchronous.
  await loadEveryComponent();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the membership request on /Membresias', () => {
  it('sends nothing when the form is invalid', async () => {
    const fetchMock = mockContactApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(within(visiblePanel()).getByRole('button', { name: joinName }));
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findAllByText('Este campo es requerido')).toHaveLength(5);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['Individual', 'Individual'],
    ['Corporativa', 'Corporativa'],
    ['Estudiantil', 'Estudiantil'],
  ])('sends the %s tab as the membership type', async (tab, expected) => {
    const fetchMock = mockContactApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('tab', { name: tab }));
    await user.click(within(visiblePanel()).getByRole('button', { name: joinName }));
    expect(screen.getByRole('form', { name: `Solicitud de membresía ${expected}` })).toBeVisible();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    await screen.findByRole('alertdialog', { name: 'Enviado con éxito' });
    expect(contactPosts(fetchMock)).toEqual([{ data: { ...person, website: '', memberships: expected } }]);
    expect(screen.getByLabelText(/nombre completo/i)).toHaveValue('');
  });

  it('keeps the values and reports the failure when the server fails', async () => {
    mockContactApi(503, { error: { code: 'UNAVAILABLE', message: 'No disponible' } });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await user.click(within(visiblePanel()).getByRole('button', { name: joinName }));
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Enviar solicitud' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error en el envío' });
    expect(within(dialog).getByText('Su correo no pudo ser enviado')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    expect(screen.getByLabelText(/correo electrónico/i)).toHaveValue(person.email);
    expect(screen.getByLabelText(/teléfono/i)).toHaveValue(person.phoneNumber);
  });
});
