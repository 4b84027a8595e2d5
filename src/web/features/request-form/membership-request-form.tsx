import type { MembershipType } from '../../../shared/constants.ts';
import type { FormAnswer } from '../../../shared/form-answer.ts';
import { RequestForm } from './request-form.tsx';

export type MembershipRequestFormProps = (
  | { /** The chosen tab's type. */ membership: MembershipType; chooseMembership?: undefined }
  | {
      membership?: undefined;
      /** No tabs: the visitor chooses in a list, starting at this type. */ chooseMembership: MembershipType;
    }
) & {
  id?: string;
  labelledBy?: string;
  className?: string;
  answer?: FormAnswer;
};

/** The membership page's request form: the contact fields plus the membership type of the chosen tab. */
export function MembershipRequestForm(props: MembershipRequestFormProps) {
  return <RequestForm {...props} submitLabel="Enviar solicitud" />;
}
