import { RequestForm } from './request-form.tsx';

export interface ContactFormProps {
  labelledBy?: string;
  className?: string;
}

/** The home page's contact form: the five contact fields, no membership type. */
export function ContactForm({ labelledBy, className }: ContactFormProps) {
  return <RequestForm submitLabel="Enviar mensaje" labelledBy={labelledBy} className={className} />;
}
