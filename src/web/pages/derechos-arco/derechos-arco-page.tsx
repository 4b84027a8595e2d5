import { pagePaths } from '../../../shared/api-paths.ts';
import { FormCard, FormPage } from '../../components/form/form-page.tsx';
import { arcoPage } from '../../content/privacy.ts';
import { ArcoForm } from '../../features/arco-form/arco-form.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';
import styles from './derechos-arco-page.module.css';

/**
 * /DerechosARCO: the form to exercise the ARCO rights, linked from the privacy notice and the footer;
 * also /DerechosARCO/Recibida, where the form posted without script shows its folio.
 */
export function DerechosArcoPage() {
  const posted = useFormAnswer();
  const answer = posted?.kind === 'arco' ? posted : undefined;
  return (
    <FormPage labelledBy="arco-title">
      <div className={styles.intro}>
        <h1 id="arco-title" className="section-title">
          {arcoPage.title}
        </h1>
        <p>{arcoPage.intro}</p>
        <p>
          Antes de escribir puedes leer el{' '}
          <a href={`${pagePaths.avisoPrivacidad}#derechos-arco`}>aviso de privacidad</a>.
        </p>
      </div>
      <FormCard title={arcoPage.formTitle} titleId="arco-form-title">
        <ArcoForm answer={answer} labelledBy="arco-form-title" />
      </FormCard>
    </FormPage>
  );
}
