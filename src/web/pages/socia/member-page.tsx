import type { MemberPageData } from '../../../shared/member-schemas.ts';
import { memberPaths } from '../../../shared/member-paths.ts';
import { CheckboxField, FieldError, TextField } from '../../components/form/field.tsx';
import { FormPage } from '../../components/form/form-page.tsx';
import {
  FORM_LINK_CLASS,
  FormBlock,
  FormFacts,
  FormHint,
  FormPageTitle,
  FormRecord,
  type FormRecordProps,
} from '../../components/form/form-page-parts.tsx';
import { Form, FormAlert, SubmitButton } from '../../components/form/form.tsx';
import { useLocation } from '../../lib/router.tsx';
import styles from './socia-page.module.css';

/** The address of one of the page's forms, from the page's own address (`/Socia/<token>`). */
const formAction = (pathname: string, pattern: string) =>
  `${pathname.replace(/\/$/, '')}${pattern.slice(memberPaths.page.length)}`;

/** How a membership's status reads on its badge. */
const STATUS_TONES: Record<MemberPageData['status'], FormRecordProps['tone']> = {
  en_revision: 'calm',
  activa: 'ok',
  en_gracia: 'wait',
  por_pagar: 'wait',
  vencida: 'stop',
  baja: 'stop',
  rechazada: 'stop',
};

/** A file to send (the kit has no file field yet): its label, the control and its message. */
function FileField({ id, label, error }: { id: string; label: string; error?: string }) {
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name="comprobante"
        type="file"
        accept="image/jpeg,image/png,image/webp,application/pdf"
        required
        className="form-control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
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
    <FormPage labelledBy="socia-title">
      <FormPageTitle id="socia-title">Tu membresía</FormPageTitle>
      {data.notice ? (
        <p className={styles.notice} role="status">
          {data.notice}
        </p>
      ) : null}
      {Object.keys(fields).length > 0 ? (
        <FormAlert title="No pudimos guardar el cambio">Revisa los campos marcados.</FormAlert>
      ) : null}

      <FormRecord
        tone={STATUS_TONES[data.status]}
        status={data.statusText}
        facts={
          <FormFacts className={styles.facts}>
            <dt>Nombre</dt>
            <dd>{data.fullName}</dd>
            <dt>Número de socia</dt>
            <dd>{data.number ?? 'Se asigna con tu primer pago'}</dd>
            <dt>Plan</dt>
            <dd>{data.planName}</dd>
          </FormFacts>
        }
      >
        {data.isSeat ? (
          <FormHint>
            Tu lugar es parte de una membresía corporativa: la paga y la renueva tu coordinadora.
          </FormHint>
        ) : null}
      </FormRecord>

      {data.payment ? (
        <FormBlock id="socia-pago" title="Cómo pagar tu cuota">
          <p>Haz una transferencia (SPEI) por el importe exacto y escribe la referencia en el concepto:</p>
          <FormFacts className={styles.facts}>
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
          </FormFacts>
          <FormHint>Cuando recibamos tu pago te enviaremos tu recibo por correo.</FormHint>
        </FormBlock>
      ) : null}

      {data.proof ? (
        <FormBlock id="socia-comprobante" title="Comprobante de estudios">
          <p>
            {data.proof.uploaded
              ? 'Ya recibimos tu comprobante. Si quieres cambiarlo, envía otro: guardamos solo el último.'
              : 'La membresía estudiantil pide un comprobante de que estudias (credencial o constancia vigente).'}{' '}
            Lo guardamos solo hasta decidir tu solicitud.
          </p>
          <Form action={action(memberPaths.proof)} encType="multipart/form-data" compact>
            <FileField
              id="socia-comprobante-archivo"
              label="Imagen o PDF, hasta 5 MB"
              error={fields.comprobante}
            />
            <SubmitButton sending={false}>Enviar comprobante</SubmitButton>
          </Form>
        </FormBlock>
      ) : null}

      {data.canRenew ? (
        <FormBlock id="socia-renovar" title="Renovar">
          <p>
            Al pulsar el botón te damos una referencia para pagar la cuota de tu plan. Si renuevas antes de
            que termine tu periodo, el nuevo empieza cuando termine el actual.
          </p>
          <Form action={action(memberPaths.renew)} compact>
            <FieldError id="socia-renovar-error" message={fields.renew} />
            <SubmitButton sending={false} variant="accent">
              Renovar mi membresía
            </SubmitButton>
          </Form>
        </FormBlock>
      ) : null}

      <FormBlock id="socia-recibos" title="Recibos">
        {data.receipts.length > 0 ? (
          <ul className={styles.list}>
            {data.receipts.map((receipt) => (
              <li key={receipt.id}>
                <a
                  href={action(memberPaths.receipt).replace(':paymentId', receipt.id)}
                  className={FORM_LINK_CLASS}
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
      </FormBlock>

      {data.directory ? (
        <FormBlock id="socia-directorio" title="Directorio de socias">
          <Form action={action(memberPaths.directory)} compact>
            <p>
              El directorio de la página Socias muestra solo a quienes eligen aparecer, mientras su membresía
              está activa o en periodo de gracia, y solo con los datos que marquen. Puedes cambiarlo cuando
              quieras.
            </p>
            <div className={styles.option}>
              <CheckboxField
                id="socia-directorio-aparecer"
                name="listed"
                label="Quiero aparecer en el directorio de socias"
                defaultChecked={data.directory.listed}
              />
            </div>
            <fieldset
              className={styles.fieldset}
              aria-describedby={fields.fields ? 'socia-campos-error' : undefined}
            >
              <legend className="form-field__label">Qué datos mostrar</legend>
              {DIRECTORY_CHOICES.map(([field, name, label]) => (
                <div key={field} className={styles.option}>
                  <CheckboxField
                    id={`socia-directorio-${field}`}
                    name={name}
                    label={label}
                    defaultChecked={data.directory!.fields.includes(field)}
                  />
                </div>
              ))}
              <FieldError id="socia-campos-error" message={fields.fields} />
            </fieldset>
            <TextField
              id="socia-linkedin"
              label="Dirección de tu perfil de LinkedIn"
              name="linkedin"
              type="text"
              inputMode="url"
              autoComplete="url"
              placeholder="https://www.linkedin.com/in/…"
              defaultValue={values.linkedin ?? data.directory.linkedin}
              error={fields.linkedin}
            />
            <SubmitButton sending={false}>Guardar mi elección</SubmitButton>
          </Form>
        </FormBlock>
      ) : null}

      {data.seats ? (
        <FormBlock id="socia-lugares" title="Lugares de tu membresía corporativa">
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
            <Form action={action(memberPaths.invite)} compact>
              <TextField
                id="socia-invitar"
                label="Correo de la persona que quieres invitar"
                name="email"
                type="email"
                autoComplete="off"
                required
                defaultValue={values.email ?? ''}
                error={fields.email}
              />
              <SubmitButton sending={false}>Enviar invitación</SubmitButton>
            </Form>
          ) : (
            <FieldError id="socia-invitar-error" message={fields.email} />
          )}
        </FormBlock>
      ) : null}

      {data.canLeave ? (
        <FormBlock id="socia-baja" title="Darme de baja">
          <details className={styles.details}>
            <summary className={styles.summary}>Quiero darme de baja</summary>
            <p>
              Dejarás de ser socia: no recibirás recordatorios ni aparecerás en el directorio, y tus pagos
              pendientes se cancelan. Tus recibos siguen en esta página.
            </p>
            <Form action={action(memberPaths.leave)} compact>
              <SubmitButton sending={false} variant="secondary">
                Darme de baja
              </SubmitButton>
            </Form>
          </details>
        </FormBlock>
      ) : null}
    </FormPage>
  );
}
