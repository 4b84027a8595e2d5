import type {
  InvitationPageData,
  MemberAccessPageData,
  MemberPageData,
  MemberPagesData,
} from '../../../shared/member-schemas.ts';
import { pageRouteOf } from '../../../shared/api-paths.ts';
import { memberPaths } from '../../../shared/member-paths.ts';
import { buttonClassName } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { PrivacyShortNotice } from '../../components/privacy-short-notice.tsx';
import { usePrivateData } from '../../lib/private-data.tsx';
import { useLocation } from '../../lib/router.tsx';
import { Field } from './field.tsx';
import { MemberPage } from './member-page.tsx';
import styles from './socia-page.module.css';

/** `/Socia`: the link to her page, asked for with her address (the answer is the same for anyone). */
function AccessPage({ data }: { data?: MemberAccessPageData }) {
  const fields = data?.fields ?? {};
  return (
    <section className={`section ${styles.page}`} aria-labelledby="socia-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="socia-title" className={styles.title}>
          Tu página de socia
        </h1>
        <p>
          En tu página ves el estado de tu membresía, tus recibos, cómo renovar y tu ficha en el directorio.
          Escribe el correo con el que eres socia y te enviaremos el enlace.
        </p>
        {data?.sent ? (
          <p className={styles.notice} role="status">
            Si ese correo es de una socia, te enviamos el enlace a tu página. Revisa tu bandeja de entrada (y
            la de correo no deseado) en unos minutos.
          </p>
        ) : null}
        {data?.notice && !data.sent ? (
          <p className={styles.alert} role="alert">
            {data.notice}
          </p>
        ) : null}
        <Card padding="lg" className={styles.block}>
          <form method="post" action={memberPaths.access} className={styles.form} noValidate>
            <Field
              id="socia-correo"
              label="Correo electrónico"
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={data?.values?.email ?? ''}
              error={fields.email}
            />
            <PrivacyShortNotice purpose="enviarte el enlace a tu página de socia." />
            <button type="submit" className={buttonClassName({})}>
              Enviarme el enlace
            </button>
          </form>
        </Card>
      </div>
    </section>
  );
}

/** An unknown link to a member's page (the server answers it with 404). */
function UnknownLink({ title, text }: { title: string; text: string }) {
  return (
    <section className={`section ${styles.page}`} aria-labelledby="socia-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="socia-title" className={styles.title}>
          {title}
        </h1>
        <p>{text}</p>
        {/* A whole page load: the page it opens is drawn by the server. */}
        <a
          href={memberPaths.access}
          className={buttonClassName({ variant: 'secondary', className: styles.action })}
        >
          Pedir un enlace nuevo
        </a>
      </div>
    </section>
  );
}

/** `/Socia/invitacion/<token>`: a seat's invitation, accepted by its button (opening it changes nothing). */
function InvitationPage({ data }: { data: InvitationPageData }) {
  const { pathname } = useLocation();
  const fields = data.fields ?? {};
  if (!data.valid) {
    return (
      <UnknownLink
        title="Invitación no válida"
        text="Esta invitación ya se aceptó, no existe o la membresía que la envió ya no está activa. Si ya eres socia, pide el enlace a tu página."
      />
    );
  }
  return (
    <section className={`section ${styles.page}`} aria-labelledby="socia-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="socia-title" className={styles.title}>
          Invitación a ser socia
        </h1>
        <p>
          {data.organisation} te invita a ocupar uno de los lugares de su membresía {data.planName}. Serás
          socia con tu propia página y compartirás el periodo de su membresía.
        </p>
        {Object.keys(fields).length > 0 ? (
          <p className={styles.alert} role="alert">
            Revisa los campos marcados.
          </p>
        ) : null}
        <Card padding="lg" className={styles.block}>
          <form method="post" action={pathname} className={styles.form} noValidate>
            <Field
              id="socia-nombre"
              label="Nombre completo"
              name="fullName"
              autoComplete="name"
              required
              defaultValue={data.values?.fullName ?? ''}
              error={fields.fullName}
            />
            <Field
              id="socia-puesto"
              label={
                <>
                  Puesto <span className={styles.muted}>(opcional)</span>
                </>
              }
              name="position"
              autoComplete="organization-title"
              defaultValue={data.values?.position ?? ''}
              error={fields.position}
            />
            <PrivacyShortNotice purpose="darte de alta como socia, administrar tu membresía y enviarte sus avisos." />
            <button type="submit" className={buttonClassName({ variant: 'confirm', size: 'lg' })}>
              Aceptar invitación
            </button>
          </form>
        </Card>
      </div>
    </section>
  );
}

/**
 * A member's pages, chosen by the address and drawn with the data the server gave them: the access
 * form, a seat's invitation, her page, or an unknown link when the data are not that page's. The site's
 * router knows them, with the other rarely opened pages, as one lazy page.
 */
export function SociaPages() {
  const { pathname } = useLocation();
  const data = usePrivateData<MemberPagesData>(
    'socia',
    'socia-acceso',
    'socia-invitacion',
    'socia-desconocida',
  );
  const route = pageRouteOf(pathname);
  if (route === memberPaths.access) {
    return <AccessPage data={data?.kind === 'socia-acceso' ? data : undefined} />;
  }
  if (route === memberPaths.invitation && data?.kind === 'socia-invitacion') {
    return <InvitationPage data={data} />;
  }
  if (route === memberPaths.page && data?.kind === 'socia')
    return <MemberPage data={data as MemberPageData} />;
  return (
    <UnknownLink
      title="Enlace no válido"
      text="Este enlace a una página de socia no es válido o ya no existe. Revisa que el enlace de tu correo esté completo, o pide uno nuevo."
    />
  );
}
