import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactPosts, installDialogPolyfill, mockContactApi } from '../request-form/test-helpers.ts';
import { loadEveryComponent } from '../../lib/lazy-component.tsx';
import { MembershipPlans } from './membership-plans.tsx';

const NAME = 'Mujeres en Energía';
const joinName = `Sé parte de ${NAME}`;

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

const visiblePanel = () => screen.getByRole('tabpanel');

beforeAll(async () => {
  installDialogPolyfill();
  // The form's code loads on first opening; loading it up front keeps these tests synchronous.
  await loadEveryComponent();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MembershipPlans', () => {
  it('starts on Individual and changes the banner and benefits with the tab', async () => {
    mockContactApi();
    const user = userEvent.setup();
    render(<MembershipPlans associationName={NAME} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Individual', 'Corporativa', 'Estudiantil']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      `Cómo te gustaría participar en ${NAME}?`,
    );
    expect(
      within(visiblePanel()).getByText('Programas de mentoría con profesionales del sector.'),
    ).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Corporativa' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Únete y participa. Sé parte de esta transición justa.',
    );
    expect(
      within(visiblePanel()).getByText('Incluye 2, 4 o 10 membresías individuales por empresa.'),
    ).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Estudiantil' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      `Cómo te gustaría participar en ${NAME}?`,
    );
    expect(within(visiblePanel()).getByText(/70 % de descuento/)).toBeVisible();
    expect(
      within(visiblePanel()).getByText('Los beneficios dependen del nivel de membresía que obtengas.'),
    ).toBeVisible();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    mockContactApi();
    const user = userEvent.setup();
    render(<MembershipPlans associationName={NAME} />);
    const [individual, corporativa, estudiantil] = screen.getAllByRole('tab');
    await user.click(individual!);
    await user.keyboard('{ArrowRight}');
    expect(corporativa).toHaveFocus();
    expect(corporativa).toHaveAttribute('aria-selected', 'true');
    expect(corporativa).toHaveAttribute('tabindex', '0');
    expect(individual).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(estudiantil).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(individual).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(estudiantil).toHaveFocus();
    await user.keyboard('{Home}');
    expect(individual).toHaveFocus();
    expect(visiblePanel()).toHaveAttribute('aria-labelledby', individual!.id);
  });

  it('opens and closes the request form with the join button', async () => {
    mockContactApi();
    const user = userEvent.setup();
    const { container } = render(<MembershipPlans associationName={NAME} />);
    const join = within(visiblePanel()).getByRole('button', { name: joinName });
    expect(join).toHaveAttribute('aria-expanded', 'false');
    const region = container.querySelector(`#${CSS.escape(join.getAttribute('aria-controls') ?? '')}`);
    expect(region).not.toBeVisible();
    await user.click(join);
    expect(join).toHaveAttribute('aria-expanded', 'true');
    expect(region).toBeVisible();
    expect(screen.getByRole('form', { name: 'Solicitud de membresía Individual' })).toBeVisible();
    await user.click(join);
    expect(join).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();
  });

  it('sends nothing when the form is invalid', async () => {
    const fetchMock = mockContactApi();
    const user = userEvent.setup();
    render(<MembershipPlans associationName={NAME} />);
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
    render(<MembershipPlans associationName={NAME} />);
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
    render(<MembershipPlans associationName={NAME} />);
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
