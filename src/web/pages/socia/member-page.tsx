import type { MemberPageData } from '../../../shared/member-schemas.ts';
import { memberPaths } from '../../../shared/member-paths.ts';
import { buttonClassName } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { useLocation } from '../../lib/router.tsx';
import { Field, FieldError } from './field.tsx';
import styles from './socia-page.module.css';

/** The address of one of the page's forms, from the page's own address (`/Socia/<token>`). */
const formAction = (pathname: string, pattern: string) =>
  `${pathname.replace(/\/$/, '')}${pattern.slice(memberPaths.page.length)}`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card as="section" padding="lg" className={styles.block} aria-labelledby={id}>
      <h2 id={id} className={styles.blockTitle}>
        {title}
      </h2>
      {children}
    </Card>
  );
}

const DIRECTORY_CHOICES = [
  ['fullName', 'showFullName', 'Mi nombre'],
  ['organisation', 'showOrganisation', 'Mi organización'],
  ['position', 'showPosition', 'Mi puesto'],
  ['linkedin', 'showLinkedin', 'Mi perfil de LinkedIn'],
] as const;

/**
 * `/Socia/<token>`: a member's own page. Everything is read on the server for this one answer; each
 * change is a plain form that posts and comes back here (303) with a notice, so it all works without
 * script, and opening the page changes nothing.
 */
export function MemberPage({ data }: { data: MemberPageData }) {
  const { pathname } = useLocation();
  const action = (pattern: string) => formAction(pathname, pattern);
  const fields = data.fields ?? {};
  const values = data.values ?? {};
  return (
    <section className={`section ${styles.page}`} aria-labelledby="socia-title">
      <div className={`container ${styles.inner}`}>
        <h1 id="socia-title" className={styles.title}>
          Tu membresía
        </h1>
        {data.notice ? (
          <p className={styles.notice} role="status">
            {data.notice}
          </p>
        ) : null}
        {Object.keys(fields).length > 0 ? (
          <p className={styles.alert} role="alert">
            Revisa los campos marcados.
          </p>
        ) : null}

        <Card padding="lg" className={styles.block}>
          <p className={`${styles.status} ${styles[data.status] ?? ''}`}>{data.statusText}</p>
          <dl className={styles.facts}>
            <dt>Nombre</dt>
            <dd>{data.fullName}</dd>
            <dt>Número de socia</dt>
            <dd>{data.number ?? 'Se asigna con tu primer pago'}</dd>
            <dt>Plan</dt>
            <dd>{data.planName}</dd>
          </dl>
          {data.isSeat ? (
            <p className={styles.hint}>
              Tu lugar es parte de una membresía corporativa: la paga y la renueva tu coordinadora.
            </p>
          ) : null}
        </Card>

        {data.payment ? (
          <Section id="socia-pago" title="Cómo pagar tu cuota">
            <p>Haz una transferencia (SPEI) por el importe exacto y escribe la referencia en el concepto:</p>
            <dl className={styles.facts}>
              <dt>Banco</dt>
              <dd>{data.payment.bank}</dd>
              <dt>Beneficiaria</dt>
              <dd>{data.payment.beneficiary}</dd>
              <dt>CLABE</dt>
              <dd className={styles.code}>{data.payment.clabe}</dd>
              <dt>Importe</dt>
              <dd>{data.payment.amountText}</dd>
              <dt>Referencia (concepto)</dt>
              <dd className={styles.code}>{data.payment.reference}</dd>
            </dl>
            <p className={styles.hint}>Cuando recibamos tu pago te enviaremos tu recibo por correo.</p>
          </Section>
        ) : null}

        {data.proof ? (
          <Section id="socia-comprobante" title="Comprobante de estudios">
            <p>
              {data.proof.uploaded
                ? 'Ya recibimos tu comprobante. Si quieres cambiarlo, envía otro: guardamos solo el último.'
                : 'La membresía estudiantil pide un comprobante de que estudias (credencial o constancia vigente).'}{' '}
              Lo guardamos solo hasta decidir tu solicitud.
            </p>
            <form
              method="post"
              action={action(memberPaths.proof)}
              encType="multipart/form-data"
              className={styles.form}
            >
              <Field
                id="socia-comprobante-archivo"
                label="Imagen o PDF, hasta 5 MB"
                name="comprobante"
                type="file"
                accept="image/jpeg,image/png,image/webp,application/pdf"
                required
                error={fields.comprobante}
              />
              <button type="submit" className={buttonClassName({})}>
                Enviar comprobante
              </button>
            </form>
          </Section>
        ) : null}

        {data.canRenew ? (
          <Section id="socia-renovar" title="Renovar">
            <p>
              Al pulsar el botón te damos una referencia para pagar la cuota de tu plan. Si renuevas antes de
              que termine tu periodo, el nuevo empieza cuando termine el actual.
            </p>
            <form method="post" action={action(memberPaths.renew)}>
              <button type="submit" className={buttonClassName({ variant: 'accent' })}>
                Renovar mi membresía
              </button>
            </form>
          </Section>
        ) : null}

        <Section id="socia-recibos" title="Recibos">
          {data.receipts.length > 0 ? (
            <ul className={styles.list}>
              {data.receipts.map((receipt) => (
                <li key={receipt.id}>
                  <a
                    href={action(memberPaths.receipt).replace(':paymentId', receipt.id)}
                    className={styles.link}
                  >
                    Recibo {receipt.folio} (PDF)
                  </a>{' '}
                  <span className={styles.muted}>
                    {receipt.dateText} · {receipt.amountText}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>Aún no hay recibos.</p>
          )}
        </Section>

        {data.directory ? (
          <Section id="socia-directorio" title="Directorio de socias">
            <form method="post" action={action(memberPaths.directory)} className={styles.form}>
              <p>
                El directorio de la página Socias muestra solo a quienes eligen aparecer, mientras su
                membresía está activa o en periodo de gracia, y solo con los datos que marquen. Puedes
                cambiarlo cuando quieras.
              </p>
              <label className={styles.option}>
                <input type="checkbox" name="listed" defaultChecked={data.directory.listed} />
                <span>Quiero aparecer en el directorio de socias</span>
              </label>
              <fieldset
                className={styles.fieldset}
                aria-describedby={fields.fields ? 'socia-campos-error' : undefined}
              >
                <legend className={styles.label}>Qué datos mostrar</legend>
                {DIRECTORY_CHOICES.map(([field, name, label]) => (
                  <label key={field} className={styles.option}>
                    <input
                      type="checkbox"
                      name={name}
                      defaultChecked={data.directory!.fields.includes(field)}
                    />
                    <span>{label}</span>
                  </label>
                ))}
                <FieldError id="socia-campos-error" message={fields.fields} />
              </fieldset>
              <Field
                id="socia-linkedin"
                label="Dirección de tu perfil de LinkedIn"
                name="linkedin"
                type="url"
                inputMode="url"
                placeholder="https://www.linkedin.com/in/…"
                defaultValue={values.linkedin ?? data.directory.linkedin}
                error={fields.linkedin}
              />
              <button type="submit" className={buttonClassName({})}>
                Guardar mi elección
              </button>
            </form>
          </Section>
        ) : null}

        {data.seats ? (
          <Section id="socia-lugares" title="Lugares de tu membresía corporativa">
            <p>
              Tu membresía incluye {data.seats.total} lugares: el tuyo y {data.seats.total - 1} para invitar.
              Cada persona que acepte será socia con su propia página y compartirá tu periodo.
            </p>
            {data.seats.invitations.length > 0 ? (
              <ul className={styles.list}>
                {data.seats.invitations.map((invitation) => (
                  <li key={invitation.email}>
                    {invitation.email}{' '}
                    <span className={styles.muted}>
                      {invitation.accepted ? '· aceptó' : '· invitación enviada'}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {data.seats.canInvite ? (
              <form method="post" action={action(memberPaths.invite)} className={styles.form}>
                <Field
                  id="socia-invitar"
                  label="Correo de la persona que quieres invitar"
                  name="email"
                  type="email"
                  autoComplete="off"
                  required
                  defaultValue={values.email ?? ''}
                  error={fields.email}
                />
                <button type="submit" className={buttonClassName({})}>
                  Enviar invitación
                </button>
              </form>
            ) : (
              <FieldError id="socia-invitar-error" message={fields.email} />
            )}
          </Section>
        ) : null}

        {data.canLeave ? (
          <Section id="socia-baja" title="Darme de baja">
            <details className={styles.details}>
              <summary className={styles.summary}>Quiero darme de baja</summary>
              <p>
                Dejarás de ser socia: no recibirás recordatorios ni aparecerás en el directorio, y tus pagos
                pendientes se cancelan. Tus recibos siguen en esta página.
              </p>
              <form method="post" action={action(memberPaths.leave)}>
                <button type="submit" className={buttonClassName({ variant: 'secondary' })}>
                  Darme de baja
                </button>
              </form>
            </details>
          </Section>
        ) : null}
      </div>
    </section>
  );
}
