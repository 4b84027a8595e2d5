import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form.tsx';
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

const submit = () => screen.getByRole('button', { name: 'Enviar mensaje' });

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ContactForm', () => {
  it('names every input after its field and hides the honeypot', () => {
    mockContactApi();
    const { container } = render(<ContactForm />);
    for (const name of Object.keys(valid)) {
      expect(container.querySelector(`input[name="${name}"]`)).toBeInTheDocument();
    }
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(container.querySelector('input[name="memberships"]')).toBeNull();
  });

  it('shows the required message under a field only once it has been visited', async () => {
    mockContactApi();
    const user = userEvent.setup();
    render(<ContactForm />);
    const name = screen.getByLabelText(labels.fullName);
    expect(screen.queryByText('Este campo es requerido')).not.toBeInTheDocument();
    await user.click(name);
    await user.tab();
    const message = await screen.findByText('Este campo es requerido');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getAllByText('Este campo es requerido')).toHaveLength(1);
  });

  it('explains a malformed e-mail address', async () => {
    mockContactApi();
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText(labels.email), 'ximena@@example');
    await user.tab();
    expect(await screen.findByText('El campo no cumple con el formato valido de correo')).toBeInTheDocument();
  });

  it.each([
    ['551234567', true],
    ['5512345678', false],
    ['55123456789', true],
  ])('accepts only ten-digit phone numbers (%s)', async (phone, rejected) => {
    mockContactApi();
    const user = userEvent.setup();
    render(<ContactForm />);
    const input = screen.getByLabelText(labels.phoneNumber);
    await user.type(input, phone);
    await user.tab();
    await waitFor(() =>
      expect(Boolean(screen.queryByText('El campo solo admite 10 numeros'))).toBe(rejected),
    );
    expect(input.getAttribute('aria-invalid') === 'true').toBe(rejected);
  });

  it('marks every field on an invalid submit and sends nothing', async () => {
    const fetchMock = mockContactApi();
    const user = userEvent.setup();
    render(<ContactForm />);
    await user.type(screen.getByLabelText(labels.email), 'no-es-correo');
    await user.click(submit());
    expect(await screen.findAllByText('Este campo es requerido')).toHaveLength(4);
    expect(screen.getByText('El campo no cumple con el formato valido de correo')).toBeInTheDocument();
    for (const label of Object.values(labels)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the request under data, confirms it and clears the form', async () => {
    const fetchMock = mockContactApi();
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillValid(user);
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Enviado con éxito' });
    expect(within(dialog).getByText('Su correo ya fue enviado con sus datos')).toBeInTheDocument();
    expect(contactPosts(fetchMock)).toEqual([{ data: { ...valid, website: '' } }]);
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/mail/contact'));
    expect(new Headers(post?.[1]?.headers).get('x-xsrf-token')).toBe('test-token');
    for (const label of Object.values(labels)) expect(screen.getByLabelText(label)).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('covers the form with a spinner while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockContactApi();
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/csrf')
        ? new Response(JSON.stringify({ data: { token: 't' } }), { status: 200 })
        : pending,
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent('Espere un momento...');
    expect(submit()).toBeDisabled();
    answer(new Response(JSON.stringify({ data: { id: '1' } }), { status: 201 }));
    await screen.findByRole('alertdialog', { name: 'Enviado con éxito' });
    expect(screen.queryByText('Espere un momento...')).not.toBeInTheDocument();
  });

  it('reports a failed send, logs it and keeps the values', async () => {
    mockContactApi(500, { error: { code: 'INTERNAL', message: 'Falla' } });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillValid(user);
    await user.click(submit());
    const dialog = await screen.findByRole('alertdialog', { name: 'Error en el envío' });
    expect(within(dialog).getByText('Su correo no pudo ser enviado')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    for (const [name, value] of Object.entries(valid)) {
      expect(screen.getByLabelText(labels[name as keyof typeof valid])).toHaveValue(value);
    }
  });

  it('shows the messages the server returns for its fields', async () => {
    mockContactApi(400, {
      error: {
        code: 'VALIDATION',
        message: 'Revisa los campos marcados.',
        fields: { email: 'Correo rechazado' },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<ContactForm />);
    await fillValid(user);
    await user.click(submit());
    await screen.findByRole('alertdialog', { name: 'Error en el envío' });
    expect(screen.getByText('Correo rechazado')).toBeInTheDocument();
    expect(screen.getByLabelText(labels.email)).toHaveAttribute('aria-invalid', 'true');
  });
});
