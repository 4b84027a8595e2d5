import { pagePaths } from '../../../shared/api-paths.ts';
import { shortNotice } from '../../content/privacy.ts';
import './form.css';

export interface PrivacyShortNoticeProps {
  /** What this form's data are for, ending the sentence "Los usamos para …" (content/privacy.ts `formPurposes`). */
  purpose: string;
}

/**
 * The short privacy notice (aviso de privacidad simplificado) beside a form's button: who is
 * responsible, what the data are for, and links to the full notice and the ARCO form. Sending the form
 * is the tacit consent to these necessary purposes. The links open a new tab, so what the visitor has
 * typed stays in the form.
 */
export function PrivacyShortNotice({ purpose }: PrivacyShortNoticeProps) {
  return (
    <aside className="privacy-short-notice" aria-label={shortNotice.heading}>
      <p>
        <strong>{shortNotice.heading}.</strong> {shortNotice.responsible} {shortNotice.purposeLead}{' '}
        {purpose.replace(/\.?$/, '.')} {shortNotice.rest} {shortNotice.fullNoticeLead}{' '}
        <a href={pagePaths.avisoPrivacidad} target="_blank" rel="noopener">
          {shortNotice.fullNotice}
        </a>{' '}
        {shortNotice.arcoLead}{' '}
        <a href={pagePaths.derechosArco} target="_blank" rel="noopener">
          {shortNotice.arco}
        </a>
        .
      </p>
    </aside>
  );
}
