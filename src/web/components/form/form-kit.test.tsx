import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChoiceField, Honeypot, TextField } from './field.tsx';
import { Form, FormStatus, SubmitButton } from './form.tsx';

describe('the public forms’ kit', () => {
  it('reads a field’s hint and message with its control, and marks it invalid only with a message', () => {
    const { rerender } = render(
      <TextField id="f-phone" name="phone" label="Teléfono" hint="10 dígitos" type="tel" />,
    );
    const input = screen.getByLabelText('Teléfono');
    expect(input).toHaveAccessibleDescription('10 dígitos');
    expect(input).not.toHaveAttribute('aria-invalid');

    rerender(
      <TextField id="f-phone" name="phone" label="Teléfono" hint="10 dígitos" error="Solo 10" type="tel" />,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'f-phone-hint f-phone-error');
    expect(input).toHaveAccessibleDescription('10 dígitos Solo 10');
  });

  it('names each choice `<id>-<value>` and reads the group’s message with the group', () => {
    render(
      <ChoiceField
        id="f-right"
        name="right"
        legend="Derecho"
        options={[{ value: 'acceso', label: 'Acceso', hint: 'Saber qué datos tenemos' }]}
        error="Elige uno"
      />,
    );
    expect(screen.getByRole('radio', { name: /^Acceso/ })).toHaveAttribute('id', 'f-right-acceso');
    expect(screen.getByRole('radio', { name: /^Acceso/ })).toHaveAccessibleDescription(
      'Saber qué datos tenemos',
    );
    expect(screen.getByRole('group', { name: 'Derecho' })).toHaveAccessibleDescription('Elige uno');
  });

  it('keeps the trap out of reach: named website, hidden from assistive technology, never tabbed to', () => {
    const { container } = render(<Honeypot id="f-website" />);
    const trap = container.querySelector('input')!;
    expect(trap).toHaveAttribute('name', 'website');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('posts to its action without script, and holds its button while sending', () => {
    const { container, rerender } = render(
      <Form action="/Boletin" busy={false}>
        <SubmitButton sending={false} sendingLabel="Enviando…">
          Enviar
        </SubmitButton>
        <FormStatus />
      </Form>,
    );
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/Boletin');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    rerender(
      <Form action="/Boletin" busy>
        <SubmitButton sending sendingLabel="Enviando…">
          Enviar
        </SubmitButton>
      </Form>,
    );
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Enviando…' })).toBeDisabled();
  });
});
