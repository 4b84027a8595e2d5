import type { FormAnswer } from '../../../shared/form-answer.ts';
import { RequestForm } from './request-form.tsx';

export interface ContactFormProps {
  labelledBy?: string;
  className?: string;
  /** The server's answer when the form was posted without script. */
  answer?: FormAnswer;
}

/** The home page's contact form: the five contact fields, no membership type. */
export function ContactForm(props: ContactFormProps) {
  return <RequestForm {...props} submitLabel="Enviar mensaje" />;
}
