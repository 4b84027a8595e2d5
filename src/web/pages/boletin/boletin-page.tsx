import { BadgeCheck, MailCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { pagePaths, pageRouteOf } from '../../../shared/api-paths.ts';
import { newsletterPaths } from '../../../shared/newsletter-paths.ts';
import { ButtonLink, buttonClassName } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { NewsletterForm, SUBSCRIPTION_PENDING } from '../../components/newsletter-form.tsx';
import { useFormAnswer } from '../../lib/form-answer.tsx';
import { Navigate, useLocation } from '../../lib/router.tsx';
import styles from './boletin-page.module.css';

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
  const Icon = tone === 'refused' ? TriangleAlert : tone === 'ok' ? BadgeCheck : MailCheck;
  return (
    <section className={`section ${styles.page}`} aria-labelledby="boletin-title">
      <div className={`container ${styles.inner}`}>
        <div className={`${styles.notice} ${styles[tone]}`} role={tone === 'refused' ? 'alert' : undefined}>
          <Icon aria-hidden="true" size={40} className={styles.icon} />
          <div className={styles.body}>
            <h1 id="boletin-title" className={styles.title}>
              {title}
            </h1>
            {children}
          </div>
        </div>
        {action ?? (
          <ButtonLink to={pagePaths.inicio} variant="secondary">
            Volver al inicio
          </ButtonLink>
        )}
      </div>
    </section>
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
export function BoletinPage() {
  const answer = useFormAnswer();
  const mine = answer?.kind === 'boletin' ? answer : undefined;
  return (
    <section className={`section ${styles.page}`} aria-labelledby="boletin-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="boletin-title" className={styles.title}>
          Suscríbete al boletín
        </h1>
        <p>Noticias, eventos y oportunidades de la asociación en tu correo, una vez al mes.</p>
        {mine && Object.keys(mine.fields).length > 0 ? (
          <p className={styles.reason} role="alert">
            Revisa los campos marcados.
          </p>
        ) : null}
        <Card tone="warm" padding="lg" className={styles.formCard}>
          <NewsletterForm answer={mine} tone="light" labelledBy="boletin-title" />
        </Card>
      </div>
    </section>
  );
}

/** /Boletin/Pendiente: the footer form was taken; the confirmation mail is on its way. */
export function BoletinPendientePage() {
  return (
    <Notice tone="ask" title="Revisa tu correo">
      <p>{SUBSCRIPTION_PENDING}</p>
      <p>Si no lo ves en unos minutos, busca en la carpeta de correo no deseado.</p>
    </Notice>
  );
}

/** The page a mail's link opens: its button posts to the same address (GET changes nothing). */
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

/** /Boletin/confirmar/<token>. */
export function BoletinConfirmarPage() {
  return (
    <PostButtonPage
      title="Confirma tu suscripción"
      text="Pulsa el botón para empezar a recibir el boletín de la asociación. Podrás darte de baja en cualquier momento desde cualquier correo del boletín."
      button="Confirmar suscripción"
    />
  );
}

/** /Boletin/Confirmada. */
export function BoletinConfirmadaPage() {
  return (
    <Notice tone="ok" title="Suscripción confirmada">
      <p>Gracias. Desde ahora recibirás el boletín en tu correo.</p>
    </Notice>
  );
}

/** /Boletin/baja/<token>. */
export function BoletinBajaPage() {
  return (
    <PostButtonPage
      title="Darte de baja del boletín"
      text="Pulsa el botón y dejarás de recibir el boletín al instante. Puedes volver a suscribirte cuando quieras."
      button="Darme de baja"
    />
  );
}

/** /Boletin/BajaConfirmada. */
export function BoletinBajaConfirmadaPage() {
  return (
    <Notice tone="ok" title="Te diste de baja">
      <p>Ya no recibirás el boletín. Si fue un error, puedes suscribirte de nuevo desde el pie de página.</p>
    </Notice>
  );
}

const pages: Record<string, () => ReactNode> = {
  [newsletterPaths.subscribe]: BoletinPage,
  [newsletterPaths.pending]: BoletinPendientePage,
  [newsletterPaths.confirm]: BoletinConfirmarPage,
  [newsletterPaths.confirmed]: BoletinConfirmadaPage,
  [newsletterPaths.unsubscribe]: BoletinBajaPage,
  [newsletterPaths.unsubscribed]: BoletinBajaConfirmadaPage,
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
