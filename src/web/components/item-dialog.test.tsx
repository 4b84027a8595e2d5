import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemDialog } from './item-dialog.tsx';

const entry = { name: 'Foro de energía', images: ['/demo/events/event-3.svg'], city: 'Guadalajara' };

function Shown({ item }: { item: typeof entry | undefined }) {
  return (
    <ItemDialog
      item={item}
      onClose={() => undefined}
      block="sample-dialog"
      width="600px"
      imageSizes="600px"
      place={(shown) => shown.city}
      placeElement="where"
    >
      {(shown) => <p>Más sobre {shown.name}</p>}
    </ItemDialog>
  );
}

describe('ItemDialog', () => {
  it('shows the entry under its image, named by its title, with the block’s classes', () => {
    render(<Shown item={entry} />);
    const dialog = screen.getByRole('dialog', { name: 'Foro de energía' });
    expect(dialog).toHaveClass('dialog', 'sample-dialog');
    expect(dialog.querySelector('article.sample-dialog__content > img.sample-dialog__image')).toHaveAttribute(
      'src',
      '/demo/events/event-3.svg',
    );
    expect(screen.getByRole('heading', { name: 'Foro de energía' })).toHaveClass('sample-dialog__title');
    expect(dialog.querySelector('.sample-dialog__text > p.sample-dialog__where > span')).toHaveTextContent(
      'Guadalajara',
    );
    expect(screen.getByText('Más sobre Foro de energía')).toBeInTheDocument();
  });

  it('is closed and empty without an entry', () => {
    const { container } = render(<Shown item={undefined} />);
    expect(container.querySelector('dialog')).not.toHaveAttribute('open');
    expect(container.querySelector('article')).toBeNull();
  });
});
