import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

afterEach(cleanup);

function Harness({ disableClose = false }: { disableClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Detalles" disableClose={disableClose}>
        <p>Contenido</p>
        <button type="button">Acción</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is labelled by its title and moves focus inside when it opens', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Detalles' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    expect(screen.getByText('Contenido')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Contenido')).not.toBeInTheDocument());
    expect(document.querySelector('dialog')).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByText('Contenido')).not.toBeInTheDocument());
  });

  it('closes on a click on the backdrop but not inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByText('Contenido'));
    expect(screen.getByText('Contenido')).toBeInTheDocument();
    await user.click(screen.getByRole('dialog'));
    await waitFor(() => expect(screen.queryByText('Contenido')).not.toBeInTheDocument());
  });

  it('follows a close by the browser, but not a late close event once it is open again', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Detalles' });
    // Still open: the close event of an earlier closing, delivered after it was opened again.
    dialog.dispatchEvent(new Event('close'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.getByText('Contenido')).toBeInTheDocument();
    // Closed by the browser itself: the parent's state follows.
    dialog.removeAttribute('open');
    dialog.dispatchEvent(new Event('close'));
    await waitFor(() => expect(screen.queryByText('Contenido')).not.toBeInTheDocument());
  });

  it('stays open on Escape when closing is disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disableClose />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.getByText('Contenido')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar' })).not.toBeInTheDocument();
  });
});
