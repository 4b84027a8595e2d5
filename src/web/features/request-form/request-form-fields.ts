import { REQUEST_FIELD_NAMES, type RequestFieldName } from '../../../shared/schemas.ts';
import { PERSON_FIELDS } from '../../components/form/field.tsx';

/** The visible fields of both request forms, in display order, with their Spanish labels. */
export const REQUEST_FIELDS = [
  PERSON_FIELDS.fullName,
  { name: 'company', label: 'Empresa u organización', type: 'text', autoComplete: 'organization' },
  { name: 'position', label: 'Cargo o puesto', type: 'text', autoComplete: 'organization-title' },
  PERSON_FIELDS.email,
  {
    name: 'phoneNumber',
    label: 'Teléfono',
    hint: '10 dígitos, sin espacios',
    type: 'tel',
    autoComplete: 'tel-national',
    inputMode: 'numeric',
  },
] as const satisfies readonly {
  name: RequestFieldName;
  label: string;
  hint?: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'numeric';
}[];

/** What the inputs hold before validation: every value is a string. */
export type RequestFormValues = Record<RequestFieldName | 'website', string> & {
  memberships?: string;
  /** The unticked "Quiero recibir el boletín" box. */
  newsletter?: boolean;
};

export const EMPTY_REQUEST: RequestFormValues = {
  fullName: '',
  company: '',
  position: '',
  email: '',
  phoneNumber: '',
  website: '',
  newsletter: false,
};

export const isRequestField = (name: string): name is RequestFieldName =>
  (REQUEST_FIELD_NAMES as readonly string[]).includes(name);
