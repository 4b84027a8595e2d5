import { CircleCheck, Send } from 'lucide-react';
import { useId } from 'react';
import { pagePaths } from '../../../shared/api-paths.ts';
import { privacyApiRoutes } from '../../../shared/privacy-paths.ts';
import { ARCO_RIGHTS, ARCO_RIGHT_LABELS, formatDueDay } from '../../../shared/arco.ts';
import type { ArcoFormAnswer } from '../../../shared/form-answer.ts';
import { ArcoRequestSchema, type ArcoReceipt } from '../../../shared/privacy-schemas.ts';
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
import { useCheckedSend } from '../../lib/use-checked-send.ts';

export interface ArcoFormProps {
  /** The server's answer to the form posted without script: the form again, or its receipt. */
  answer?: ArcoFormAnswer;
  labelledBy: string;
}

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
  const { fields, message, receipt, busy, onSubmit, another } = useCheckedSend<ArcoReceipt, ArcoReceipt>({
    answer,
    schema: ArcoRequestSchema,
    url: privacyApiRoutes.privacyRequests,
    order: ['fullName', 'email', 'right', 'details'],
  });

  if (receipt) return <ArcoReceiptNotice receipt={receipt} onAnother={another} />;

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
