import { BadgeCheck, MailCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { pagePaths, pageRouteOf } from '../../../shared/api-paths.ts';
import { newsletterPaths } from '../../../shared/newsletter-paths.ts';
import { ButtonLink, buttonClassName } from '../../components/button.tsx';
import { FormCard, FormNotice, FormPage } from '../../components/form/form-page.tsx';
import { FormStatus } from '../../components/form/form.tsx';
import { NewsletterForm, SUBSCRIPTION_PENDING } from '../../components/newsletter-form.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';
import { Navigate, useLocation } from '../../lib/router.tsx';
import styles from './boletin-page.module.css';

const ICONS = { ok: BadgeCheck, ask: MailCheck, refused: TriangleAlert } as const;

/** One of the newsletter's short pages: a notice with its title, text and what comes next. */
function Notice({
  tone,
  title,
  children,
  action,
}: {
  tone: 'ok' | 'ask' | 'refused';
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <FormPage labelledBy="boletin-title">
      <FormNotice
        tone={tone}
        icon={ICONS[tone]}
        title={title}
        titleId="boletin-title"
        role={tone === 'refused' ? 'alert' : undefined}
      >
        {children}
      </FormNotice>
      {action ?? (
        <ButtonLink to={pagePaths.inicio} variant="secondary">
          Volver al inicio
        </ButtonLink>
      )}
    </FormPage>
  );
}

/** A link from a mail that is unknown or expired: the server answers this page with 404. */
function UnknownLink({ message }: { message: string }) {
  return (
    <Notice tone="refused" title="Enlace no válido">
      <p>{message}</p>
      <p>Si quieres recibir el boletín, suscríbete de nuevo desde el pie de cualquier página.</p>
    </Notice>
  );
}

/** /Boletin: the subscription form on its own page (where the footer form lands when refused). */
function BoletinPage() {
  const answer = useFormAnswer();
  const mine = answer?.kind === 'boletin' ? answer : undefined;
  return (
    <FormPage labelledBy="boletin-title">
      <h1 id="boletin-title" className={styles.title}>
        Suscríbete al boletín
      </h1>
      <p>Noticias, eventos y oportunidades de la asociación en tu correo, una vez al mes.</p>
      {mine && Object.keys(mine.fields).length > 0 ? (
        <FormStatus role="alert" tone="error">
          Revisa los campos marcados.
        </FormStatus>
      ) : null}
      <FormCard>
        <NewsletterForm answer={mine} tone="light" labelledBy="boletin-title" />
      </FormCard>
    </FormPage>
  );
}

/**
 * The page a mail's link opens (to confirm a subscription, or to leave): its button posts to the same
 * address, since opening the link changes nothing.
 */
function PostButtonPage({ title, text, button }: { title: string; text: string; button: string }) {
  const answer = useFormAnswer();
  const { pathname } = useLocation();
  if (answer?.kind === 'boletin' && answer.message) return <UnknownLink message={answer.message} />;
  return (
    <Notice
      tone="ask"
      title={title}
      action={
        <form method="post" action={pathname} className={styles.buttonForm}>
          <button type="submit" className={buttonClassName({ size: 'lg' })}>
            {button}
          </button>
        </form>
      }
    >
      <p>{text}</p>
    </Notice>
  );
}

const pages: Record<string, () => ReactNode> = {
  [newsletterPaths.subscribe]: BoletinPage,
  // The footer form was taken; the confirmation mail is on its way.
  [newsletterPaths.pending]: () => (
    <Notice tone="ask" title="Revisa tu correo">
      <p>{SUBSCRIPTION_PENDING}</p>
      <p>Si no lo ves en unos minutos, busca en la carpeta de correo no deseado.</p>
    </Notice>
  ),
  [newsletterPaths.confirm]: () => (
    <PostButtonPage
      title="Confirma tu suscripción"
      text="Pulsa el botón para empezar a recibir el boletín de la asociación. Podrás darte de baja en cualquier momento desde cualquier correo del boletín."
      button="Confirmar suscripción"
    />
  ),
  [newsletterPaths.confirmed]: () => (
    <Notice tone="ok" title="Suscripción confirmada">
      <p>Gracias. Desde ahora recibirás el boletín en tu correo.</p>
    </Notice>
  ),
  [newsletterPaths.unsubscribe]: () => (
    <PostButtonPage
      title="Darte de baja del boletín"
      text="Pulsa el botón y dejarás de recibir el boletín al instante. Puedes volver a suscribirte cuando quieras."
      button="Darme de baja"
    />
  ),
  [newsletterPaths.unsubscribed]: () => (
    <Notice tone="ok" title="Te diste de baja">
      <p>Ya no recibirás el boletín. Si fue un error, puedes suscribirte de nuevo desde el pie de página.</p>
    </Notice>
  ),
};

/**
 * Every page of the newsletter, chosen by the address: the site's router knows them as one lazy page,
 * so they cost its first load one entry instead of six.
 */
export function BoletinPages() {
  const { pathname } = useLocation();
  const Page = pages[pageRouteOf(pathname)];
  return Page ? <Page /> : <Navigate to={pagePaths.inicio} replace />;
}
