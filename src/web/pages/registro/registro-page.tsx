import { CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { pagePaths, pageRouteOf } from '../../../shared/api-paths.ts';
import {
  REGISTRATION_PAGE_KINDS,
  type CheckInPageData,
  type EventSummary,
  type ManagePageData,
  type RegistrationPagesData,
  type SentPageData,
  type SignUpAgainPageData,
} from '../../../shared/registration-pages.ts';
import { registrationPaths } from '../../../shared/registration-paths.ts';
import { buttonClassName } from '../../components/button.tsx';
import { FormCard, FormNotice, FormPage } from '../../components/form/form-page.tsx';
import {
  FORM_LINK_CLASS,
  FormBadge,
  FormBlock,
  FormFacts,
  FormHint,
  FormPageTitle,
  FormRecord,
  type FormBadgeTone,
} from '../../components/form/form-page-parts.tsx';
import { Form, FormAlert, FormStatus, SubmitButton } from '../../components/form/form.tsx';
import { RegistrationFields } from '../../features/registration/registration-fields.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';
import { usePrivateData } from '../../lib/private-data.tsx';
import { useLocation } from '../../lib/router.tsx';
import styles from './registro-page.module.css';

/** Where a visitor goes back to choose an event. */
const EVENTS = `${pagePaths.inicio}#Eventos`;

/** How a registration's status reads on its badge. */
const STATUS_TONES: Record<ManagePageData['status'], FormBadgeTone> = {
  confirmed: 'ok',
  waitlisted: 'wait',
  cancelled: 'stop',
};

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return <FormFacts rows={rows} className={styles.facts} />;
}

/** The event's name (a link to its page), its date and its place. */
const eventRows = (event: EventSummary): [string, ReactNode][] => [
  ['Evento', <a href={event.path}>{event.name}</a>],
  ['Fecha', event.when],
  ['Lugar', event.place],
];

function EventFacts({ event }: { event: EventSummary }) {
  return <Facts rows={eventRows(event)} />;
}

/** A whole page load back to the events (the page it opens is drawn by the server). */
function BackLink({ event }: { event?: EventSummary | undefined }) {
  return (
    <a href={event ? event.path : EVENTS} className={buttonClassName({ variant: 'secondary' })}>
      {event ? 'Volver al evento' : 'Ver los eventos'}
    </a>
  );
}

/**
 * `/Registro/<token>`: the registration a mail's link opens. Opening it changes nothing; its one button
 * is a plain form that posts (mail scanners open links), so it all works without script.
 */
function ManagePage({ data }: { data: ManagePageData }) {
  return (
    <FormPage labelledBy="registro-title">
      <FormPageTitle id="registro-title">Tu registro</FormPageTitle>
      {data.justCancelled ? (
        <FormStatus>
          Listo: cancelamos tu registro. Gracias por avisar; tu lugar pasa a la siguiente persona.
        </FormStatus>
      ) : null}
      <FormRecord
        tone={STATUS_TONES[data.status]}
        status={data.statusText}
        facts={
          <Facts
            rows={[
              ['Nombre', data.fullName],
              ['Correo', data.email],
              ...(data.event ? eventRows(data.event) : []),
            ]}
          />
        }
      >
        {data.event ? null : (
          <FormHint>El evento de este registro ya no está publicado en el sitio.</FormHint>
        )}
      </FormRecord>
      {data.qrDataUrl ? (
        <FormBlock id="registro-pase" title="Tu pase para la entrada">
          <FormHint>Muestra este código QR al llegar para registrar tu asistencia.</FormHint>
          <img
            className={styles.qr}
            src={data.qrDataUrl}
            width={200}
            height={200}
            alt="Código QR de tu registro para la entrada"
          />
        </FormBlock>
      ) : null}
      {data.certificate ? (
        <FormBlock id="registro-constancia" title="Tu constancia de participación">
          <Facts
            rows={[
              ['Folio', data.certificate.folio],
              ['Estado', data.certificate.status],
            ]}
          />
          <FormHint>
            <a className={FORM_LINK_CLASS} href={data.certificate.path}>
              Ver la constancia
            </a>
            {data.certificate.pdfPath ? (
              <>
                {' · '}
                <a className={FORM_LINK_CLASS} href={data.certificate.pdfPath}>
                  Descargar el PDF
                </a>
              </>
            ) : null}
          </FormHint>
        </FormBlock>
      ) : null}
      {data.cancelAction ? (
        <FormBlock id="registro-cancelar" title="¿Ya no puedes asistir?">
          <FormHint>Al cancelar, tu lugar pasa a la primera persona de la lista de espera.</FormHint>
          <Form action={data.cancelAction}>
            <SubmitButton sending={false} variant="secondary">
              Cancelar mi registro
            </SubmitButton>
          </Form>
        </FormBlock>
      ) : null}
    </FormPage>
  );
}

/** `/RegistroEnviado`: where a sign-up posted without script lands. */
function SentPage({ data }: { data: SentPageData }) {
  return (
    <FormPage labelledBy="registro-title">
      <FormNotice tone="ok" icon={CircleCheck} title={data.heading} titleId="registro-title">
        <p role="status">{data.text}</p>
      </FormNotice>
      {data.event ? (
        <FormBlock>
          <EventFacts event={data.event} />
        </FormBlock>
      ) : null}
      <BackLink event={data.event} />
    </FormPage>
  );
}

/** `/Eventos/registro/<id>`: the sign-up form again, with what was typed and each field's message. */
function SignUpAgainPage({ data }: { data: SignUpAgainPageData }) {
  return (
    <FormPage labelledBy="registro-title">
      <FormPageTitle id="registro-title">Registro: {data.event.name}</FormPageTitle>
      <FormBlock>
        <EventFacts event={data.event} />
      </FormBlock>
      <FormCard>
        <Form action={data.action}>
          <FormAlert title="No pudimos registrarte">{data.message}</FormAlert>
          <RegistrationFields formId="registro" fields={data.fields} values={data.values} sending={false} />
        </Form>
      </FormCard>
      <BackLink event={data.event} />
    </FormPage>
  );
}

/** `/admin/asistencia/<id>`: the person, and the button that checks her in at the door. */
function CheckInPage({ data }: { data: CheckInPageData }) {
  return (
    <FormPage labelledBy="registro-title">
      <FormPageTitle id="registro-title">Asistencia</FormPageTitle>
      {data.already ? (
        <FormAlert title="Ya registrada">Esta asistencia ya estaba registrada.</FormAlert>
      ) : null}
      {data.notConfirmed ? <FormAlert title="Sin lugar">{data.notConfirmed}</FormAlert> : null}
      <FormBlock>
        <Facts rows={[['Nombre', data.fullName], ['Correo', data.email], ...eventRows(data.event)]} />
        {data.checkedInAt ? <FormBadge role="status">Asistió a las {data.checkedInAt}</FormBadge> : null}
      </FormBlock>
      {data.action ? (
        <Form action={data.action}>
          <SubmitButton sending={false} variant="confirm" size="lg">
            Registrar asistencia
          </SubmitButton>
        </Form>
      ) : null}
    </FormPage>
  );
}

/** A page that only says what went wrong, and where to go from there. */
function Refused({ title, children, link }: { title: string; children: ReactNode; link: ReactNode }) {
  return (
    <FormPage labelledBy="registro-title">
      <FormNotice tone="refused" icon={TriangleAlert} title={title} titleId="registro-title" role="alert">
        {children}
      </FormNotice>
      {link}
    </FormPage>
  );
}

/**
 * The sign-up's pages, chosen by the address and drawn with the data the server gave them (the answer
 * to one visitor, never kept), in the frame and with the form kit of every public form. A refusal that
 * holds nothing of the visitor (another site's post, too many posts) comes as a form answer instead,
 * the same page for everyone who gets it.
 */
export function RegistroPages() {
  const { pathname } = useLocation();
  const data = usePrivateData<RegistrationPagesData>(...REGISTRATION_PAGE_KINDS);
  const answer = useFormAnswer();
  const route = pageRouteOf(pathname);
  switch (data?.kind) {
    case 'registro':
      return <ManagePage data={data} />;
    case 'registro-enviado':
      return <SentPage data={data} />;
    case 'registro-formulario':
      return <SignUpAgainPage data={data} />;
    case 'asistencia':
      return <CheckInPage data={data} />;
    case 'asistencia-sesion':
      return (
        <Refused
          title="Asistencia"
          link={
            <a href="/admin" className={FORM_LINK_CLASS}>
              Iniciar sesión
            </a>
          }
        >
          <p>
            {data.unknown ? 'No encontramos este registro. ' : ''}Para registrar la asistencia, inicia sesión
            como administradora y vuelve a abrir este código.
          </p>
        </Refused>
      );
    case 'registro-desconocido':
      return (
        <Refused title="No encontramos este registro" link={<BackLink />}>
          <p>
            El enlace no es válido o el registro ya se eliminó. Revisa que el enlace de tu correo esté
            completo.
          </p>
        </Refused>
      );
    default:
      break;
  }
  const message = answer?.kind === 'registro' ? answer.message : undefined;
  if (route === registrationPaths.checkInPattern) {
    return (
      <Refused
        title="No pudimos registrar la asistencia"
        link={
          <a href="/admin" className={FORM_LINK_CLASS}>
            Ir al panel
          </a>
        }
      >
        <p>{message ?? 'Vuelve a abrir el código QR.'}</p>
      </Refused>
    );
  }
  if (route === registrationPaths.managePattern) {
    return (
      <Refused title="No pudimos hacer el cambio" link={<BackLink />}>
        <p>{message ?? 'Vuelve a abrir el enlace de tu correo.'}</p>
      </Refused>
    );
  }
  return (
    <Refused title="No pudimos registrarte" link={<BackLink />}>
      <p>{message ?? 'Vuelve a la página del evento e inténtalo de nuevo.'}</p>
      <p>Lo que escribiste sigue en la página anterior.</p>
    </Refused>
  );
}
