import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../card.tsx';
import './form.css';

/** A page that holds a form or the answer to one, in a narrow column on the site's soft ground. */
export function FormPage({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section className="section form-page" aria-labelledby={labelledBy}>
      <div className="container form-page__inner">{children}</div>
    </section>
  );
}

/** The card a form sits on in such a page, with the heading that names the form. */
export function FormCard({
  title,
  titleId,
  children,
}: {
  title?: ReactNode;
  titleId?: string;
  children: ReactNode;
}) {
  return (
    <Card tone="warm" padding="lg" className="form-card">
      {title ? (
        <h2 id={titleId} className="form-card__title">
          {title}
        </h2>
      ) : null}
      {children}
    </Card>
  );
}

export interface FormNoticeProps {
  /** `ok` once done, `ask` while the visitor still has a step to take, `refused` when it was not taken. */
  tone: 'ok' | 'ask' | 'refused';
  icon: LucideIcon;
  title: ReactNode;
  /** The page's title (h1), or a part of the page (h2). */
  level?: 1 | 2;
  titleId?: string;
  role?: 'status' | 'alert';
  children: ReactNode;
}

/** The answer to a form: an icon, a title and what comes next, on a card marked with its tone. */
export function FormNotice({ tone, icon: Icon, title, level = 1, titleId, role, children }: FormNoticeProps) {
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    <div className={tone === 'ok' ? 'form-notice' : `form-notice form-notice--${tone}`} role={role}>
      <Icon aria-hidden="true" size={40} className="form-notice__icon" />
      <div className="form-notice__body">
        <Title id={titleId} className="form-notice__title">
          {title}
        </Title>
        {children}
      </div>
    </div>
  );
}
