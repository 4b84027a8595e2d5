import { barrierPaths } from '../../../shared/barriers.ts';
import { FormCard } from '../../components/form/form-page.tsx';
import { LegalSection, LegalText } from '../../components/legal-text.tsx';
import { BarrierReportForm } from '../../features/barrier-report/barrier-report-form.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';
import { useLocation } from '../../lib/router.tsx';
import styles from './accesibilidad-page.module.css';
import { checkDay, lastAutomaticCheck, statement } from './statement.ts';

/** The date and the pages of the last automatic check, as the build wrote them, or that there is none. */
function LastCheck() {
  const record = lastAutomaticCheck();
  if (!record) return <p>{statement.checks.none}</p>;
  return (
    <>
      <p>
        {statement.checks.lastLead} <time dateTime={record.checkedAt}>{checkDay(record)}</time>.
      </p>
      <p>{statement.checks.pagesLead}</p>
      <ul className={styles.pages}>
        {record.pages.map((page) => (
          <li key={page}>
            <code>{page}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * /Accesibilidad: the accessibility statement (commitment, target and state, how it is tested and
 * checked) and the form to report a barrier; also /Accesibilidad/Enviado, where the form posted without
 * script lands once stored.
 */
export function AccesibilidadPage() {
  const { pathname } = useLocation();
  const posted = useFormAnswer();
  const answer =
    posted?.kind === 'barrera'
      ? posted
      : pathname === barrierPaths.sent
        ? { kind: 'barrera' as const, values: {}, fields: {}, receipt: {} }
        : undefined;
  return (
    <LegalText titleId="accesibilidad-title" title={statement.title}>
      <p className={styles.intro}>{statement.intro}</p>
      <LegalSection id="compromiso" heading={statement.commitment.heading}>
        {statement.commitment.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </LegalSection>
      <LegalSection id="objetivo" heading={statement.target.heading}>
        {statement.target.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <ul>
          {statement.target.limits.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="pruebas" heading={statement.tested.heading}>
        <ul>
          {statement.tested.list.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection id="revision" heading={statement.checks.heading}>
        {statement.checks.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <LastCheck />
      </LegalSection>
      <LegalSection id="reportar" heading={statement.report.heading}>
        {statement.report.paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
        <div className={styles.form}>
          <FormCard title={statement.report.formTitle} titleId="barrera-form-title">
            <BarrierReportForm answer={answer} labelledBy="barrera-form-title" />
          </FormCard>
        </div>
      </LegalSection>
    </LegalText>
  );
}
