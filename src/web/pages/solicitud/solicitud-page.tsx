import { CircleAlert, CircleCheck } from 'lucide-react';
import { Navigate, useLocation } from '../../lib/router.tsx';
import { pagePaths, requestPaths } from '../../../shared/api-paths.ts';
import { apiMessages } from '../../../shared/messages.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { ContactForm } from '../../features/request-form/contact-form.tsx';
import { MembershipRequestForm } from '../../features/request-form/membership-request-form.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';
import styles from './solicitud-page.module.css';

// The spec's texts of the send outcome (the same the dialog shows when the form runs with script).
const SENT = { title: 'Enviado con éxito', text: 'Su correo ya fue enviado con sus datos' };
const REFUSED = { title: 'Error en el envío', text: 'Su correo no pudo ser enviado' };

/**
 * /Solicitud: the server's answer to a request form posted without script that it could not accept.
 * The form comes back with what the visitor typed and the message of each field to correct.
 */
export function SolicitudPage() {
  const answer = useFormAnswer();
  if (!answer || answer.kind === 'arco' || answer.kind === 'boletin')
    return <Navigate to={`${pagePaths.inicio}#Contacto`} replace />;
  return (
    <section className={`section ${styles.page}`} aria-labelledby="solicitud-title">
      <div className={`container ${styles.inner}`}>
        <div className={`${styles.notice} ${styles.refused}`} role="alert">
          <CircleAlert aria-hidden="true" size={40} className={styles.icon} />
          <div>
            <h1 id="solicitud-title" className={styles.title}>
              {REFUSED.title}
            </h1>
            <p>{REFUSED.text}</p>
            <p className={styles.reason}>{answer.message ?? apiMessages.validation}</p>
          </div>
        </div>
        <Card tone="warm" padding="lg" className={styles.formCard}>
          <h2 id="solicitud-form-title" className={styles.formTitle}>
            {answer.kind === 'contacto' ? 'Tu mensaje' : 'Tu solicitud de membresía'}
          </h2>
          {answer.kind === 'contacto' ? (
            <ContactForm labelledBy="solicitud-form-title" answer={answer} />
          ) : (
            <MembershipRequestForm
              chooseMembership={answer.kind}
              labelledBy="solicitud-form-title"
              answer={answer}
            />
          )}
        </Card>
      </div>
    </section>
  );
}

/** /SolicitudEnviada: where a request posted without script lands once it is stored. */
export function SolicitudEnviadaPage() {
  return (
    <section className={`section ${styles.page}`} aria-labelledby="solicitud-title">
      <div className={`container ${styles.inner}`}>
        <div className={`${styles.notice} ${styles.sent}`} role="status">
          <CircleCheck aria-hidden="true" size={40} className={styles.icon} />
          <div>
            <h1 id="solicitud-title" className={styles.title}>
              {SENT.title}
            </h1>
            <p>{SENT.text}</p>
          </div>
        </div>
        <ButtonLink to={pagePaths.inicio} variant="primary">
          Volver al inicio
        </ButtonLink>
      </div>
    </section>
  );
}

/** Both pages, chosen by the address: the site's router loads them as one lazy page. */
export function SolicitudPages() {
  const { pathname } = useLocation();
  return pathname.toLowerCase() === requestPaths.sent.toLowerCase() ? (
    <SolicitudEnviadaPage />
  ) : (
    <SolicitudPage />
  );
}
