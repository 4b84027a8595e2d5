import { CircleAlert, CircleCheck } from 'lucide-react';
import { Navigate, useLocation } from '../../lib/router.tsx';
import { pagePaths, requestPaths } from '../../../shared/api-paths.ts';
import { apiMessages } from '../../../shared/messages.ts';
import { ButtonLink } from '../../components/button.tsx';
import { FormCard, FormNotice, FormPage } from '../../components/form/form-page.tsx';
import { ContactForm } from '../../features/request-form/contact-form.tsx';
import { MembershipRequestForm } from '../../features/request-form/membership-request-form.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';

// The spec's texts of the send outcome (the same the dialog shows when the form runs with script).
const SENT = { title: 'Enviado con éxito', text: 'Su correo ya fue enviado con sus datos' };
const REFUSED = { title: 'Error en el envío', text: 'Su correo no pudo ser enviado' };

/**
 * /Solicitud: the server's answer to a request form posted without script that it could not accept.
 * The form comes back with what the visitor typed and the message of each field to correct.
 */
export function SolicitudPage() {
  const answer = useFormAnswer();
  if (
    !answer ||
    answer.kind === 'arco' ||
    answer.kind === 'boletin' ||
    answer.kind === 'barrera' ||
    answer.kind === 'registro'
  )
    return <Navigate to={`${pagePaths.inicio}#Contacto`} replace />;
  return (
    <FormPage labelledBy="solicitud-title">
      <FormNotice
        tone="refused"
        icon={CircleAlert}
        title={REFUSED.title}
        titleId="solicitud-title"
        role="alert"
      >
        <p>{REFUSED.text}</p>
        <p className="form-notice__note">{answer.message ?? apiMessages.validation}</p>
      </FormNotice>
      <FormCard
        title={answer.kind === 'contacto' ? 'Tu mensaje' : 'Tu solicitud de membresía'}
        titleId="solicitud-form-title"
      >
        {answer.kind === 'contacto' ? (
          <ContactForm labelledBy="solicitud-form-title" answer={answer} />
        ) : (
          <MembershipRequestForm
            chooseMembership={answer.kind}
            labelledBy="solicitud-form-title"
            answer={answer}
          />
        )}
      </FormCard>
    </FormPage>
  );
}

/** /SolicitudEnviada: where a request posted without script lands once it is stored. */
export function SolicitudEnviadaPage() {
  return (
    <FormPage labelledBy="solicitud-title">
      <FormNotice tone="ok" icon={CircleCheck} title={SENT.title} titleId="solicitud-title" role="status">
        <p>{SENT.text}</p>
      </FormNotice>
      <ButtonLink to={pagePaths.inicio} variant="primary">
        Volver al inicio
      </ButtonLink>
    </FormPage>
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
