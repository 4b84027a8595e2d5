import type { MembershipType } from '../../../shared/constants.ts';
import { RequestForm } from './request-form.tsx';

export interface MembershipRequestFormProps {
  membership: MembershipType;
  id?: string;
  labelledBy?: string;
  className?: string;
}

/** The membership page's request form: the contact fields plus the membership type of the chosen tab. */
export function MembershipRequestForm({ membership, id, labelledBy, className }: MembershipRequestFormProps) {
  return (
    <RequestForm
      membership={membership}
      submitLabel="Enviar solicitud"
      id={id}
      labelledBy={labelledBy}
      className={className}
    />
  );
}
