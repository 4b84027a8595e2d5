import type { ReactNode } from 'react';
import { Card } from '../card.tsx';
import './form-page-parts.css';

/** The page's own title (h1), when the page shows a record rather than a form's answer. */
export function FormPageTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} className="form-page__title">
      {children}
    </h1>
  );
}

/** A card of the page, a section named by its title when it has one. */
export function FormBlock({ id, title, children }: { id?: string; title?: string; children: ReactNode }) {
  return (
    <Card as="section" padding="lg" className="form-block" aria-labelledby={id}>
      {title ? (
        <h2 id={id} className="form-block__title">
          {title}
        </h2>
      ) : null}
      {children}
    </Card>
  );
}

/** Where a record stands: `ok` by default, `calm` before anything is decided, `wait` and `stop`. */
export type FormBadgeTone = 'ok' | 'calm' | 'wait' | 'stop';

export function FormBadge({
  tone = 'ok',
  icon,
  role,
  children,
}: {
  tone?: FormBadgeTone | undefined;
  icon?: ReactNode;
  role?: 'status';
  children: ReactNode;
}) {
  const classes = ['form-badge', tone === 'ok' ? '' : `form-badge--${tone}`, icon ? 'form-badge--icon' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <p className={classes} role={role}>
      {icon}
      {icon ? <span>{children}</span> : children}
    </p>
  );
}

/**
 * A record's facts, a term beside each value (`rows`, or `dt`/`dd` pairs as children). Terms are muted
 * unless `plainTerms`; `className` adds the page's own layout on narrow screens.
 */
export function FormFacts({
  rows,
  plainTerms = false,
  className,
  children,
}: {
  rows?: [string, ReactNode][];
  plainTerms?: boolean;
  className?: string | undefined;
  children?: ReactNode;
}) {
  const classes = ['form-facts', plainTerms ? 'form-facts--plain-terms' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <dl className={classes}>
      {rows?.map(([term, value]) => [<dt key={`${term}-t`}>{term}</dt>, <dd key={`${term}-d`}>{value}</dd>])}
      {children}
    </dl>
  );
}

/** A line of muted small print under a block's content. */
export function FormHint({ children }: { children: ReactNode }) {
  return <p className="form-hint">{children}</p>;
}

/** The class of a plain link on such a page, tall enough to tap. */
export const FORM_LINK_CLASS = 'form-link';

export interface FormRecordProps {
  tone?: FormBadgeTone | undefined;
  icon?: ReactNode;
  /** Where the record stands, in words, on its badge. */
  status: ReactNode;
  /** Its facts (a `FormFacts`). */
  facts: ReactNode;
  /** What else there is to say about it, under the facts. */
  children?: ReactNode;
}

/** A record at a glance, on its own card: where it stands, its facts, then what else there is to say. */
export function FormRecord({ tone, icon, status, facts, children }: FormRecordProps) {
  return (
    <FormBlock>
      <FormBadge tone={tone} icon={icon}>
        {status}
      </FormBadge>
      {facts}
      {children}
    </FormBlock>
  );
}
