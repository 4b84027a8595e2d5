import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MembershipPlans, type PlanRequestFormProps } from './membership-plans.tsx';

const NAME = 'Mujeres en Energía';
const joinName = `Sé parte de ${NAME}`;

/** Stands in for the request form the page hands in: shows what the plans tell it. */
const requestForm = Object.assign(
  (props: PlanRequestFormProps) => (
    <form
      aria-labelledby={props.labelledBy}
      data-membership={'membership' in props ? props.membership : props.chooseMembership}
    />
  ),
  { load: vi.fn(async () => {}) },
);

const visiblePanel = () => screen.getByRole('tabpanel');

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('MembershipPlans', () => {
  it('starts on Individual and changes the banner and benefits with the tab', async () => {
    const user = userEvent.setup();
    render(<MembershipPlans associationName={NAME} requestForm={requestForm} />);
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
    const user = userEvent.setup();
    render(<MembershipPlans associationName={NAME} requestForm={requestForm} />);
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
    const user = userEvent.setup();
    const { container } = render(<MembershipPlans associationName={NAME} requestForm={requestForm} />);
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

  it('hands the form the chosen tab, and loads its code when the pointer reaches the join button', async () => {
    const user = userEvent.setup();
    render(<MembershipPlans associationName={NAME} requestForm={requestForm} />);
    await user.click(screen.getByRole('tab', { name: 'Corporativa' }));
    const join = within(visiblePanel()).getByRole('button', { name: joinName });
    await user.hover(join);
    expect(requestForm.load).toHaveBeenCalled();
    await user.click(join);
    const form = screen.getByRole('form', { name: 'Solicitud de membresía Corporativa' });
    expect(form).toHaveAttribute('data-membership', 'Corporativa');
    await user.click(screen.getByRole('tab', { name: 'Estudiantil' }));
    expect(screen.getByRole('form', { name: 'Solicitud de membresía Estudiantil' })).toHaveAttribute(
      'data-membership',
      'Estudiantil',
    );
  });
});
