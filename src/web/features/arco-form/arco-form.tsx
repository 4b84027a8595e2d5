import { CircleAlert, CircleCheck, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { pagePaths } from '../../../shared/api-paths.ts';
import { privacyApiRoutes } from '../../../shared/privacy-paths.ts';
import { ARCO_RIGHTS, ARCO_RIGHT_LABELS, formatDueDay } from '../../../shared/arco.ts';
import type { ArcoFormAnswer } from '../../../shared/form-answer.ts';
import { apiMessages } from '../../../shared/messages.ts';
import { ArcoRequestSchema, type ArcoFieldName, type ArcoReceipt } from '../../../shared/privacy-schemas.ts';
import { fieldMessages } from '../../../shared/schemas.ts';
import { ApiRequestError, sendJson } from '../../api/client.ts';
import { Button } from '../../components/button.tsx';
import { PrivacyShortNotice } from '../../components/privacy-short-notice.tsx';
import { SpinnerOverlay } from '../../components/spinner.tsx';
import { arcoPage, formPurposes } from '../../content/privacy.ts';
import styles from './arco-form.module.css';

export interface ArcoFormProps {
  /** The server's answer to the form posted without script: the form again, or its receipt. */
  answer?: ArcoFormAnswer;
  labelledBy: string;
}

type Fields = Partial<Record<ArcoFieldName | '_', string>>;

/**
 * The ARCO request form. Without script the browser posts it to /DerechosARCO and the server answers
 * (the receipt page, or the form with its messages); with script it is checked with the API's own
 * schema and sent to POST /api/privacy/requests, and the receipt replaces the form.
 */
export function ArcoForm({ answer, labelledBy }: ArcoFormProps) {
  const baseId = useId();
  const [fields, setFields] = useState<Fields>(answer?.fields ?? {});
  const [message, setMessage] = useState<string | undefined>(answer?.message);
  const [receipt, setReceipt] = useState<ArcoReceipt | undefined>(answer?.receipt);
  const [busy, setBusy] = useState(false);

  if (receipt)
    return (
      <ArcoReceiptNotice
        receipt={receipt}
        onAnother={answer?.receipt ? undefined : () => setReceipt(undefined)}
      />
    );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = ArcoRequestSchema.safeParse(values);
    if (!parsed.success) {
      const refused = fieldMessages(parsed.error.issues);
      setFields(refused);
      setMessage(apiMessages.validation);
      focusFirstInvalid(form, refused);
      return;
    }
    setBusy(true);
    try {
      const { data } = await sendJson<{ data: ArcoReceipt }>('POST', privacyApiRoutes.privacyRequests, {
        data: parsed.data,
      });
      form.reset();
      setFields({});
      setMessage(undefined);
      setReceipt(data);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setFields(error.status === 400 ? error.fields : {});
        setMessage(error.message);
      } else setMessage(apiMessages.internal);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: ArcoFieldName) => {
    const inputId = `${baseId}-${name}`;
    const errorId = `${inputId}-error`;
    const error = fields[name];
    return { inputId, errorId, error, describedBy: error ? errorId : undefined };
  };
  const fullName = field('fullName');
  const email = field('email');
  const right = field('right');
  const details = field('details');
  const values = answer?.values ?? {};

  return (
    <SpinnerOverlay busy={busy} className={styles.host}>
      <form
        className={styles.form}
        noValidate
        action={pagePaths.derechosArco}
        method="post"
        aria-labelledby={labelledBy}
        aria-busy={busy}
        onSubmit={onSubmit}
      >
        {message ? (
          <div className={styles.alert} role="alert">
            <CircleAlert aria-hidden="true" size={24} />
            <div>
              <p className={styles.alertTitle}>{arcoPage.refusedTitle}</p>
              <p>{message}</p>
            </div>
          </div>
        ) : null}
        <div className={styles.grid}>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={fullName.inputId}>
              {arcoPage.labels.fullName}
            </label>
            <input
              id={fullName.inputId}
              name="fullName"
              className={styles.input}
              type="text"
              autoComplete="name"
              aria-required="true"
              aria-invalid={fullName.error ? true : undefined}
              aria-describedby={fullName.describedBy}
              defaultValue={values.fullName}
            />
            <FieldMessage id={fullName.errorId} message={fullName.error} />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={email.inputId}>
              {arcoPage.labels.email}
            </label>
            <input
              id={email.inputId}
              name="email"
              className={styles.input}
              type="email"
              autoComplete="email"
              aria-required="true"
              aria-invalid={email.error ? true : undefined}
              aria-describedby={email.describedBy}
              defaultValue={values.email}
            />
            <FieldMessage id={email.errorId} message={email.error} />
          </div>
        </div>
        <fieldset className={styles.rights} aria-describedby={right.describedBy}>
          <legend className={styles.label}>{arcoPage.labels.right}</legend>
          {ARCO_RIGHTS.map((value) => {
            const optionId = `${baseId}-right-${value}`;
            return (
              <div key={value} className={styles.option}>
                <input
                  id={optionId}
                  type="radio"
                  name="right"
                  value={value}
                  defaultChecked={values.right === value}
                  aria-describedby={`${optionId}-hint`}
                />
                <label htmlFor={optionId}>
                  <span className={styles.optionLabel}>{ARCO_RIGHT_LABELS[value]}</span>
                  <span id={`${optionId}-hint`} className={styles.hint}>
                    {arcoPage.rights[value]}
                  </span>
                </label>
              </div>
            );
          })}
          <FieldMessage id={right.errorId} message={right.error} />
        </fieldset>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={details.inputId}>
            {arcoPage.labels.details}
          </label>
          <span id={`${details.inputId}-hint`} className={styles.hint}>
            {arcoPage.detailsHint}
          </span>
          <textarea
            id={details.inputId}
            name="details"
            className={`${styles.input} ${styles.textarea}`}
            rows={6}
            aria-required="true"
            aria-invalid={details.error ? true : undefined}
            aria-describedby={[`${details.inputId}-hint`, details.describedBy].filter(Boolean).join(' ')}
            defaultValue={values.details}
          />
          <FieldMessage id={details.errorId} message={details.error} />
        </div>
        {/* Honeypot: people never see or reach it; automated senders tend to fill it in. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor={`${baseId}-website`}>Sitio web</label>
          <input id={`${baseId}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <PrivacyShortNotice purpose={formPurposes.arco} />
        <Button type="submit" size="lg" className={styles.submit} disabled={busy} iconEnd={<Send />}>
          {busy ? arcoPage.sending : arcoPage.submit}
        </Button>
      </form>
    </SpinnerOverlay>
  );
}

/** The folio and the day the answer is due, once the request is stored. */
export function ArcoReceiptNotice({ receipt, onAnother }: { receipt: ArcoReceipt; onAnother?: () => void }) {
  return (
    <div className={styles.receipt} role="status">
      <CircleCheck aria-hidden="true" size={40} className={styles.receiptIcon} />
      <div>
        <h2 className={styles.receiptTitle}>{arcoPage.receivedTitle}</h2>
        <p>
          {arcoPage.folioLabel}: <strong className={styles.folio}>{receipt.folio}</strong>
        </p>
        <p>
          {arcoPage.dueLead} <strong>{formatDueDay(receipt.answerDue)}</strong>.
        </p>
        <p className={styles.hint}>{arcoPage.mailNote}</p>
        {onAnother ? (
          <Button type="button" variant="secondary" onClick={onAnother} className={styles.another}>
            {arcoPage.another}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

/** Puts the focus on the first field to correct, in the form's order. */
function focusFirstInvalid(form: HTMLFormElement, refused: Fields) {
  const first = (['fullName', 'email', 'right', 'details'] as const).find((name) => refused[name]);
  if (first) requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
}
