import { UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { registrationMessages } from '../../../shared/registration-messages.ts';
import {
  CheckboxField,
  Honeypot,
  PERSON_FIELDS,
  TextField,
  fieldBinding,
} from '../../components/form/field.tsx';
import { FieldGrid, SubmitButton } from '../../components/form/form.tsx';
import { PrivacyShortNotice } from '../../components/form/privacy-short-notice.tsx';

/**
 * What a sign-up form holds, on an event's page and on the page that shows it again after mistakes:
 * name and address, the newsletter box (unticked unless she ticked it: a voluntary purpose, asked for
 * apart), the trap for robots, then `children` (what became of a try) and the button.
 */
export function RegistrationFields({
  formId,
  fields,
  values = {},
  sending,
  sendingLabel,
  children,
}: {
  formId: string;
  fields: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
  sending: boolean;
  sendingLabel?: string;
  children?: ReactNode;
}) {
  const field = fieldBinding(formId, fields, values);
  return (
    <>
      <FieldGrid>
        <TextField {...PERSON_FIELDS.fullName} {...field('fullName')} required />
        <TextField {...PERSON_FIELDS.email} {...field('email')} required />
      </FieldGrid>
      <CheckboxField
        id={`${formId}-newsletter`}
        name="newsletter"
        label={registrationMessages.newsletterOptIn}
        defaultChecked={values.newsletter === 'on'}
      />
      <Honeypot id={`${formId}-website`} label="No llenes este campo" />
      {children}
      <SubmitButton icon={<UserPlus />} sending={sending} sendingLabel={sendingLabel}>
        Registrarme
      </SubmitButton>
      <PrivacyShortNotice purpose="registrarte en este evento y enviarte la confirmación, los avisos de tu lugar y un recordatorio" />
    </>
  );
}
