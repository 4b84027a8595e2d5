import { CircleCheck, Send } from 'lucide-react';
import { useId } from 'react';
import { formatDueDay } from '../../../shared/arco.ts';
import {
  BARRIER_ANSWER_BUSINESS_DAYS,
  BarrierReportSchema,
  barrierApiRoutes,
  barrierPaths,
  type BarrierReceipt,
} from '../../../shared/barriers.ts';
import type { BarrierFormAnswer } from '../../../shared/form-answer.ts';
import { Button } from '../../components/button.tsx';
import { Honeypot, TextField, TextareaField, fieldBinding } from '../../components/form/field.tsx';
import { FormNotice } from '../../components/form/form-page.tsx';
import { Form, FormAlert, SubmitButton } from '../../components/form/form.tsx';
import { PrivacyShortNotice } from '../../components/form/privacy-short-notice.tsx';
import { formPurposes } from '../../content/privacy.ts';
import { useCheckedSend } from '../../lib/use-checked-send.ts';

export interface BarrierReportFormProps {
  /** The server's answer to the form posted without script: the form again, or its receipt. */
  answer?: BarrierFormAnswer;
  labelledBy: string;
}

const TEXTS = {
  pageUrl: 'Dirección o nombre de la página',
  pageUrlHint: 'Por ejemplo, https://… o «la página de membresías».',
  details: '¿Qué pasó?',
  detailsHint:
    'Qué intentabas hacer y qué te lo impidió. Si usas un lector de pantalla, un teclado u otra ayuda, cuéntanos cuál.',
  email: 'Tu correo electrónico (opcional)',
  emailHint: 'Solo si quieres que te respondamos.',
  refused: 'No pudimos enviar tu reporte',
  submit: 'Enviar reporte',
  sending: 'Enviando reporte',
  received: 'Recibimos tu reporte',
  another: 'Reportar otra barrera',
} as const;

/**
 * The form to report an accessibility barrier. Without script the browser posts it to /Accesibilidad
 * and the server answers (the /Accesibilidad/Enviado page, or the form with its messages); with script
 * it is checked with the API's own schema and sent to POST /api/accessibility/barriers, and the receipt
 * replaces the form.
 */
export function BarrierReportForm({ answer, labelledBy }: BarrierReportFormProps) {
  const baseId = useId();
  const { fields, message, receipt, busy, onSubmit, another } = useCheckedSend<
    Partial<BarrierReceipt>,
    BarrierReceipt
  >({
    answer,
    schema: BarrierReportSchema,
    url: barrierApiRoutes.report,
    order: ['pageUrl', 'details', 'email'],
  });

  if (receipt) return <BarrierReceiptNotice receipt={receipt} onAnother={another} />;

  const field = fieldBinding(baseId, fields, answer?.values);

  return (
    <Form action={barrierPaths.page} aria-labelledby={labelledBy} busy={busy} spinner onSubmit={onSubmit}>
      {message ? <FormAlert title={TEXTS.refused}>{message}</FormAlert> : null}
      <TextField
        {...field('pageUrl')}
        label={TEXTS.pageUrl}
        hint={TEXTS.pageUrlHint}
        type="text"
        inputMode="url"
        autoComplete="off"
        aria-required="true"
      />
      <TextareaField
        {...field('details')}
        label={TEXTS.details}
        hint={TEXTS.detailsHint}
        rows={6}
        aria-required="true"
      />
      <TextField
        {...field('email')}
        label={TEXTS.email}
        hint={TEXTS.emailHint}
        type="email"
        autoComplete="email"
      />
      <Honeypot id={`${baseId}-website`} />
      <PrivacyShortNotice purpose={formPurposes.barrera} />
      <SubmitButton size="lg" sending={busy} sendingLabel={TEXTS.sending} iconEnd={<Send />}>
        {TEXTS.submit}
      </SubmitButton>
    </Form>
  );
}

/** Once stored: when the answer is due (the day, when the API told it) and what happens next. */
export function BarrierReceiptNotice({
  receipt,
  onAnother,
}: {
  receipt: Partial<BarrierReceipt>;
  onAnother?: () => void;
}) {
  return (
    <FormNotice tone="ok" icon={CircleCheck} title={TEXTS.received} level={2} role="status">
      <p>
        Gracias por avisarnos. Lo revisaremos y, si nos dejaste tu correo, te responderemos{' '}
        {receipt.answerDue ? (
          <>
            a más tardar el <strong>{formatDueDay(receipt.answerDue)}</strong>
          </>
        ) : (
          `en un máximo de ${BARRIER_ANSWER_BUSINESS_DAYS} días hábiles`
        )}
        .
      </p>
      {onAnother ? (
        <Button type="button" variant="secondary" onClick={onAnother} className="form-notice__action">
          {TEXTS.another}
        </Button>
      ) : null}
    </FormNotice>
  );
}
