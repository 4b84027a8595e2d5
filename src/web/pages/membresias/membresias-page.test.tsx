import { render, screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { identity } from '../../content/identity.ts';
import { contactPosts, installDialogPolyfill, mockContactApi } from '../../test/request-form.ts';
import { loadEveryComponent } from '../../lib/lazy-component.tsx';
import { QueryCache, QueryCacheProvider } from '../../api/query.tsx';
import { membershipKeys } from '../../api/membership-keys.ts';
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

const plans = [
  { slug: 'individual', name: 'Individual', feeCents: 120_000, periodMonths: 12, graceDays: 30, seats: 1 },
  {
    slug: 'corporativa-2',
    name: 'Corporativa (2)',
    feeCents: 600_000,
    periodMonths: 12,
    graceDays: 30,
    seats: 2,
  },
  {
    slug: 'corporativa-4',
    name: 'Corporativa (4)',
    feeCents: 1_000_000,
    periodMonths: 12,
    graceDays: 30,
    seats: 4,
  },
  { slug: 'estudiantil', name: 'Estudiantil', feeCents: 36_000, periodMonths: 12, graceDays: 30, seats: 1 },
];

/** The page as the server hands it over: the plans' fees already in its data. */
function renderPage() {
  const cache = new QueryCache();
  cache.setQueryData(membershipKeys.plans, plans);
  return render(
    <QueryCacheProvider cache={cache}>
      <MemoryRouter initialEntry="/Membresias">
        <MembresiasPage />
      </MemoryRouter>
    </QueryCacheProvider>,
  );
}
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
  it("shows each plan's fee as the server's plans say", async () => {
    const user = userEvent.setup();
    renderPage();
    expect(within(visiblePanel()).getByText('$1,200.00 MXN')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Corporativa' }));
    expect(within(visiblePanel()).getByRole('list', { name: /cuotas/i })).toHaveTextContent(
      '2 membresías: $6,000.00 MXN al año',
    );
    await user.click(screen.getByRole('tab', { name: 'Estudiantil' }));
    expect(within(visiblePanel()).getByText('$360.00 MXN')).toBeVisible();
  });

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
