import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link, type LinkProps } from '../lib/router.tsx';
import './button.css';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'confirm' | 'light';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon shown before the label (decorative; the label names the button). */
  icon?: ReactNode;
  /** An icon shown after the label. */
  iconEnd?: ReactNode;
  block?: boolean;
}

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: Pick<ButtonLookProps, 'variant' | 'size' | 'block'> & { className?: string | undefined }): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

function Content({
  icon,
  iconEnd,
  children,
}: {
  icon?: ReactNode;
  iconEnd?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      {icon ? (
        <span className="btn__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
      {iconEnd ? (
        <span className="btn__icon" aria-hidden="true">
          {iconEnd}
        </span>
      ) : null}
    </>
  );
}

export type ButtonProps = ButtonLookProps & ComponentPropsWithRef<'button'>;

/** A button. `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant,
  size,
  icon,
  iconEnd,
  block,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button type={type} className={buttonClassName({ variant, size, block, className })} {...rest}>
      <Content icon={icon} iconEnd={iconEnd}>
        {children}
      </Content>
    </button>
  );
}

export type ButtonLinkProps = ButtonLookProps & LinkProps;

/** A link that looks like a button, for navigation inside the site. */
export function ButtonLink({
  variant,
  size,
  icon,
  iconEnd,
  block,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, block, className })} {...rest}>
      <Content icon={icon} iconEnd={iconEnd}>
        {children}
      </Content>
    </Link>
  );
}

export type ExternalButtonLinkProps = ButtonLookProps & ComponentPropsWithRef<'a'> & { href: string };

/** A button-looking link to another site; opens in a new tab. */
export function ExternalButtonLink({
  variant,
  size,
  icon,
  iconEnd,
  block,
  className,
  children,
  ...rest
}: ExternalButtonLinkProps) {
  return (
    <a
      className={buttonClassName({ variant, size, block, className })}
      target="_blank"
      rel="noopener noreferrer"
      {...rest}
    >
      <Content icon={icon} iconEnd={iconEnd}>
        {children}
      </Content>
    </a>
  );
}
