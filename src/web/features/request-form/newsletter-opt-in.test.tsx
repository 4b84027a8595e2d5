import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form.tsx';
import { MembershipRequestForm } from './membership-request-form.tsx';
import { contactPosts, installDialogPolyfill, mockContactApi } from '../../test/request-form.ts';

const valid = {
  fullName: 'Ximena Ríos Cantú',
  company: 'Sol del Bajío',
  position: 'Ingeniera de proyectos',
  email: 'ximena@example.org',
  phoneNumber: '5512345678',
};
const labels: Record<keyof typeof valid, RegExp> = {
  fullName: /nombre completo/i,
  company: /empresa u organización/i,
  position: /cargo o puesto/i,
  email: /correo electrónico/i,
  phoneNumber: /teléfono/i,
};

async function fillValid(user: UserEvent) {
  for (const [name, value] of Object.entries(valid)) {
    await user.type(screen.getByLabelText(labels[name as keyof typeof valid]), value);
  }
}

const optIn = () => screen.getByRole('checkbox', { name: /Quiero recibir el boletín/ });

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const forms = [
  { name: 'el formulario de contacto', render: () => render(<ContactForm />), button: 'Enviar mensaje' },
  {
    name: 'la solicitud de membresía',
    render: () => render(<MembershipRequestForm membership="Individual" />),
    button: 'Enviar solicitud',
  },
] as const;

describe.each(forms)('La casilla del boletín en $name', ({ render: show, button }) => {
  it('está sin marcar al abrir el formulario, con su etiqueta y el nombre del campo', () => {
    mockContactApi();
    const { container } = show();
    expect(optIn()).not.toBeChecked();
    expect(optIn()).toHaveAttribute('name', 'newsletter');
    expect(container.querySelectorAll('input[name="newsletter"]')).toHaveLength(1);
  });

  it('sin marcar, la solicitud se envía sin pedir el boletín', async () => {
    const fetchMock = mockContactApi();
    const user = userEvent.setup();
    show();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(contactPosts(fetchMock)).toHaveLength(1));
    const [post] = contactPosts(fetchMock) as { data: Record<string, unknown> }[];
    expect(post!.data.email).toBe(valid.email);
    expect(post!.data.newsletter).not.toBe(true);
  });

  it('marcada, la solicitud lleva "newsletter": true', async () => {
    const fetchMock = mockContactApi();
    const user = userEvent.setup();
    show();
    await fillValid(user);
    await user.click(optIn());
    expect(optIn()).toBeChecked();
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(contactPosts(fetchMock)).toHaveLength(1));
    const [post] = contactPosts(fetchMock) as { data: Record<string, unknown> }[];
    expect(post!.data).toMatchObject({ ...valid, newsletter: true });
  });
});
