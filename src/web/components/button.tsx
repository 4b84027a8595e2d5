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

/** The look's classes and the label with its icons, apart from what the element itself takes. */
function withLook<Props extends ButtonLookProps & { className?: string | undefined; children?: ReactNode }>({
  variant,
  size,
  icon,
  iconEnd,
  block,
  className,
  children,
  ...rest
}: Props) {
  return {
    className: buttonClassName({ variant, size, block, className }),
    content: (
      <Content icon={icon} iconEnd={iconEnd}>
        {children}
      </Content>
    ),
    rest,
  };
}

export type ButtonProps = ButtonLookProps & ComponentPropsWithRef<'button'>;

/** A button. `type` defaults to "button" so it never submits a form by accident. */
export function Button({ type = 'button', ...props }: ButtonProps) {
  const { className, content, rest } = withLook(props);
  return (
    <button type={type} className={className} {...rest}>
      {content}
    </button>
  );
}

export type ButtonLinkProps = ButtonLookProps & LinkProps;

/** A link that looks like a button, for navigation inside the site. */
export function ButtonLink(props: ButtonLinkProps) {
  const { className, content, rest } = withLook(props);
  return (
    <Link className={className} {...rest}>
      {content}
    </Link>
  );
}

export type ExternalButtonLinkProps = ButtonLookProps & ComponentPropsWithRef<'a'> & { href: string };

/** A button-looking link to another site; opens in a new tab. */
export function ExternalButtonLink(props: ExternalButtonLinkProps) {
  const { className, content, rest } = withLook(props);
  return (
    <a className={className} target="_blank" rel="noopener noreferrer" {...rest}>
      {content}
    </a>
  );
}
