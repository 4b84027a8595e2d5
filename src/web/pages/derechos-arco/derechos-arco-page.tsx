import { pagePaths } from '../../../shared/api-paths.ts';
import { Card } from '../../components/card.tsx';
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
    <section className={`section ${styles.page}`} aria-labelledby="arco-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="arco-title" className="section-title">
          {arcoPage.title}
        </h1>
        <p className={styles.intro}>{arcoPage.intro}</p>
        <p className={styles.intro}>
          Antes de escribir puedes leer el{' '}
          <a href={`${pagePaths.avisoPrivacidad}#derechos-arco`} className={styles.link}>
            aviso de privacidad
          </a>
          .
        </p>
        <Card tone="warm" padding="lg" className={styles.card}>
          <h2 id="arco-form-title" className={styles.formTitle}>
            {arcoPage.formTitle}
          </h2>
          <ArcoForm answer={answer} labelledBy="arco-form-title" />
        </Card>
      </div>
    </section>
  );
}
