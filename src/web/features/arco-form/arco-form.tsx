import { CircleCheck, Send } from 'lucide-react';
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
import {
  ChoiceField,
  Honeypot,
  PERSON_FIELDS,
  TextField,
  TextareaField,
  fieldBinding,
} from '../../components/form/field.tsx';
import { FormNotice } from '../../components/form/form-page.tsx';
import { FieldGrid, Form, FormAlert, SubmitButton } from '../../components/form/form.tsx';
import { PrivacyShortNotice } from '../../components/form/privacy-short-notice.tsx';
import { arcoPage, formPurposes } from '../../content/privacy.ts';

export interface ArcoFormProps {
  /** The server's answer to the form posted without script: the form again, or its receipt. */
  answer?: ArcoFormAnswer;
  labelledBy: string;
}

type Fields = Partial<Record<ArcoFieldName | '_', string>>;

const RIGHT_OPTIONS = ARCO_RIGHTS.map((value) => ({
  value,
  label: ARCO_RIGHT_LABELS[value],
  hint: arcoPage.rights[value],
}));

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

  const field = fieldBinding(baseId, fields, answer?.values);

  return (
    <Form
      action={pagePaths.derechosArco}
      aria-labelledby={labelledBy}
      busy={busy}
      spinner
      onSubmit={onSubmit}
    >
      {message ? <FormAlert title={arcoPage.refusedTitle}>{message}</FormAlert> : null}
      <FieldGrid>
        <TextField {...PERSON_FIELDS.fullName} {...field('fullName')} aria-required="true" />
        <TextField {...PERSON_FIELDS.email} {...field('email')} aria-required="true" />
      </FieldGrid>
      <ChoiceField {...field('right')} legend={arcoPage.labels.right} options={RIGHT_OPTIONS} />
      <TextareaField
        {...field('details')}
        label={arcoPage.labels.details}
        hint={arcoPage.detailsHint}
        rows={6}
        aria-required="true"
      />
      <Honeypot id={`${baseId}-website`} />
      <PrivacyShortNotice purpose={formPurposes.arco} />
      <SubmitButton size="lg" sending={busy} sendingLabel={arcoPage.sending} iconEnd={<Send />}>
        {arcoPage.submit}
      </SubmitButton>
    </Form>
  );
}

/** The folio and the day the answer is due, once the request is stored. */
export function ArcoReceiptNotice({ receipt, onAnother }: { receipt: ArcoReceipt; onAnother?: () => void }) {
  return (
    <FormNotice tone="ok" icon={CircleCheck} title={arcoPage.receivedTitle} level={2} role="status">
      <p>
        {arcoPage.folioLabel}: <strong className="form-notice__reference">{receipt.folio}</strong>
      </p>
      <p>
        {arcoPage.dueLead} <strong>{formatDueDay(receipt.answerDue)}</strong>.
      </p>
      <p className="form-notice__note">{arcoPage.mailNote}</p>
      {onAnother ? (
        <Button type="button" variant="secondary" onClick={onAnother} className="form-notice__action">
          {arcoPage.another}
        </Button>
      ) : null}
    </FormNotice>
  );
}

/** Puts the focus on the first field to correct, in the form's order. */
function focusFirstInvalid(form: HTMLFormElement, refused: Fields) {
  const first = (['fullName', 'email', 'right', 'details'] as const).find((name) => refused[name]);
  if (first) requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
}
