import type { MembershipType } from './constants.ts';

/**
 * What the server answers to a request form posted without script: the form again, with what the
 * visitor typed and the message of each field that was refused (or one message for the whole post).
 * It travels in the page's initial data, so it exists only in that one response and is never cached.
 */
export interface FormAnswer {
  /**
   * The contact form, or the membership form with the type the visitor chose; the newsletter's; the
   * sign-up's (a refused post or link: only its message).
   */
  kind: 'contacto' | MembershipType | 'boletin' | 'registro';
  values: Partial<Record<string, string>>;
  fields: Partial<Record<string, string>>;
  /** A refusal that is not about a field (too many requests, a post from another site). */
  message?: string;
}

/**
 * The same for the ARCO form (/DerechosARCO): the form again with its messages, or, once stored, the
 * folio and the day the answer is due (the /DerechosARCO/Recibida page).
 */
export interface ArcoFormAnswer {
  kind: 'arco';
  values: Partial<Record<string, string>>;
  fields: Partial<Record<string, string>>;
  message?: string;
  receipt?: { folio: string; answerDue: string };
}

/**
 * The same for the form to report an accessibility barrier (/Accesibilidad): the form again with its
 * messages, or, once stored, the day its answer is due (the /Accesibilidad/Enviado page).
 */
export interface BarrierFormAnswer {
  kind: 'barrera';
  values: Partial<Record<string, string>>;
  fields: Partial<Record<string, string>>;
  message?: string;
  /** Stored: the day its answer is due when known (the API says it; the plain post's page does not). */
  receipt?: { answerDue?: string };
}

/** Any form's answer, as a page carries it. */
export type PostedFormAnswer = FormAnswer | ArcoFormAnswer | BarrierFormAnswer;
