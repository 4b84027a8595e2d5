import type { ElementType, HTMLAttributes, ReactNode } from 'react';
import './card.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render: "article" for a self-contained item, "div" otherwise. */
  as?: ElementType;
  /** Lifts on hover; use when the card holds the main action of its item. */
  interactive?: boolean;
  tone?: 'plain' | 'warm' | 'teal' | 'dark';
  padding?: 'none' | 'md' | 'lg';
  children: ReactNode;
}

/** A rounded surface. Media placed first with the `card__media` class bleeds to the edges. */
export function Card({
  as: Element = 'div',
  interactive = false,
  tone = 'plain',
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  const classes = [
    'card',
    `card--${tone}`,
    `card--pad-${padding}`,
    interactive ? 'card--interactive' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Element className={classes} {...rest}>
      {children}
    </Element>
  );
}
