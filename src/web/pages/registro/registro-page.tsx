import { CircleCheck, TriangleAlert, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { pagePaths, pageRouteOf } from '../../../shared/api-paths.ts';
import { registrationMessages } from '../../../shared/registration-messages.ts';
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
import { Card } from '../../components/card.tsx';
import {
  CheckboxField,
  Honeypot,
  PERSON_FIELDS,
  TextField,
  fieldBinding,
} from '../../components/form/field.tsx';
import { FormCard, FormNotice, FormPage } from '../../components/form/form-page.tsx';
import { FieldGrid, Form, FormAlert, FormStatus, SubmitButton } from '../../components/form/form.tsx';
import { PrivacyShortNotice } from '../../components/form/privacy-short-notice.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';
import { usePrivateData } from '../../lib/private-data.tsx';
import { useLocation } from '../../lib/router.tsx';
import styles from './registro-page.module.css';

/** Where a visitor goes back to choose an event. */
const EVENTS = `${pagePaths.inicio}#Eventos`;

function Block({ id, title, children }: { id?: string; title?: string; children: ReactNode }) {
  return (
    <Card as="section" padding="lg" className={styles.block} aria-labelledby={id}>
      {title ? (
        <h2 id={id} className={styles.blockTitle}>
          {title}
        </h2>
      ) : null}
      {children}
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => [<dt key={`${term}-t`}>{term}</dt>, <dd key={`${term}-d`}>{value}</dd>])}
    </dl>
  );
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
      <h1 id="registro-title" className={styles.title}>
        Tu registro
      </h1>
      {data.justCancelled ? (
        <FormStatus>
          Listo: cancelamos tu registro. Gracias por avisar; tu lugar pasa a la siguiente persona.
        </FormStatus>
      ) : null}
      <Block>
        <p className={`${styles.status} ${styles[data.status] ?? ''}`}>{data.statusText}</p>
        <Facts
          rows={[
            ['Nombre', data.fullName],
            ['Correo', data.email],
            ...(data.event ? eventRows(data.event) : []),
          ]}
        />
        {data.event ? null : (
          <p className={styles.hint}>El evento de este registro ya no está publicado en el sitio.</p>
        )}
      </Block>
      {data.qrDataUrl ? (
        <Block id="registro-pase" title="Tu pase para la entrada">
          <p className={styles.hint}>Muestra este código QR al llegar para registrar tu asistencia.</p>
          <img
            className={styles.qr}
            src={data.qrDataUrl}
            width={200}
            height={200}
            alt="Código QR de tu registro para la entrada"
          />
        </Block>
      ) : null}
      {data.certificate ? (
        <Block id="registro-constancia" title="Tu constancia de participación">
          <Facts
            rows={[
              ['Folio', data.certificate.folio],
              ['Estado', data.certificate.status],
            ]}
          />
          <p className={styles.hint}>
            <a className={styles.link} href={data.certificate.path}>
              Ver la constancia
            </a>
            {data.certificate.pdfPath ? (
              <>
                {' · '}
                <a className={styles.link} href={data.certificate.pdfPath}>
                  Descargar el PDF
                </a>
              </>
            ) : null}
          </p>
        </Block>
      ) : null}
      {data.cancelAction ? (
        <Block id="registro-cancelar" title="¿Ya no puedes asistir?">
          <p className={styles.hint}>
            Al cancelar, tu lugar pasa a la primera persona de la lista de espera.
          </p>
          <Form action={data.cancelAction}>
            <SubmitButton sending={false} variant="secondary">
              Cancelar mi registro
            </SubmitButton>
          </Form>
        </Block>
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
        <Block>
          <EventFacts event={data.event} />
        </Block>
      ) : null}
      <BackLink event={data.event} />
    </FormPage>
  );
}

/** `/Eventos/registro/<id>`: the sign-up form again, with what was typed and each field's message. */
function SignUpAgainPage({ data }: { data: SignUpAgainPageData }) {
  const field = fieldBinding('registro', data.fields, data.values);
  return (
    <FormPage labelledBy="registro-title">
      <h1 id="registro-title" className={styles.title}>
        Registro: {data.event.name}
      </h1>
      <Block>
        <EventFacts event={data.event} />
      </Block>
      <FormCard>
        <Form action={data.action}>
          <FormAlert title="No pudimos registrarte">{data.message}</FormAlert>
          <FieldGrid>
            <TextField {...PERSON_FIELDS.fullName} {...field('fullName')} required />
            <TextField {...PERSON_FIELDS.email} {...field('email')} required />
          </FieldGrid>
          <CheckboxField
            id="registro-newsletter"
            name="newsletter"
            label={registrationMessages.newsletterOptIn}
            defaultChecked={data.values.newsletter === 'on'}
          />
          <Honeypot id="registro-website" label="No llenes este campo" />
          <SubmitButton icon={<UserPlus />} sending={false}>
            Registrarme
          </SubmitButton>
          <PrivacyShortNotice purpose="registrarte en este evento y enviarte la confirmación, los avisos de tu lugar y un recordatorio" />
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
      <h1 id="registro-title" className={styles.title}>
        Asistencia
      </h1>
      {data.already ? (
        <FormAlert title="Ya registrada">Esta asistencia ya estaba registrada.</FormAlert>
      ) : null}
      {data.notConfirmed ? <FormAlert title="Sin lugar">{data.notConfirmed}</FormAlert> : null}
      <Block>
        <Facts rows={[['Nombre', data.fullName], ['Correo', data.email], ...eventRows(data.event)]} />
        {data.checkedInAt ? (
          <p className={styles.status} role="status">
            Asistió a las {data.checkedInAt}
          </p>
        ) : null}
      </Block>
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
            <a href="/admin" className={styles.link}>
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
          <a href="/admin" className={styles.link}>
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
