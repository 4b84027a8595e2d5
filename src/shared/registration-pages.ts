import type { RegistrationStatus } from './registrations.ts';

/**
 * What the server hands the sign-up's pages (src/web/pages/registro) to draw for one visitor: the
 * registration a mail's link opens, the answer to a sign-up posted without script, and the check-in
 * page the QR code opens at the door. Each travels in its page's private data (never kept, never
 * indexed); texts that depend on the data are made on the server, those of the page in the page.
 */

/** An event as these pages name it (only one visitors may see now, but at the door). */
export interface EventSummary {
  name: string;
  /** Its date and time in the association's time zone, in words. */
  when: string;
  place: string;
  /** Its page. */
  path: string;
}

/** `/Registro/<token>`: the registration, its event, the QR code and the button that cancels. */
export interface ManagePageData {
  kind: 'registro';
  status: RegistrationStatus;
  statusText: string;
  fullName: string;
  email: string;
  /** Absent once visitors may not see the event (a draft again). */
  event?: EventSummary;
  /** The check-in QR code as a data URL, for a confirmed registration. */
  qrDataUrl?: string;
  /** Where the cancel button posts, while the registration can still be cancelled. */
  cancelAction?: string;
  /** Her certificate of participation, once she checked in and it was issued (a revoked one says so). */
  certificate?: ManageCertificate;
  justCancelled: boolean;
}

export interface ManageCertificate {
  folio: string;
  /** The verification page, `/Constancias/<folio>`. */
  path: string;
  /** The PDF, while the certificate holds. */
  pdfPath?: string;
  status: 'Vigente' | 'Revocada';
}

/** `/RegistroEnviado`: where a sign-up posted without script lands. */
export interface SentPageData {
  kind: 'registro-enviado';
  heading: string;
  text: string;
  event?: EventSummary;
}

/** `/Eventos/registro/<id>`: the sign-up form again, after a post with mistakes. */
export interface SignUpAgainPageData {
  kind: 'registro-formulario';
  action: string;
  event: EventSummary;
  message: string;
  fields: Partial<Record<string, string>>;
  values: Partial<Record<string, string>>;
}

/** An unknown manage link (the server answers 404). */
export interface UnknownRegistrationPageData {
  kind: 'registro-desconocido';
}

/** `/admin/asistencia/<id>` with an admin's session: the person, and the button that checks her in. */
export interface CheckInPageData {
  kind: 'asistencia';
  fullName: string;
  email: string;
  event: EventSummary;
  /** Why she has no seat, when her registration is not confirmed. */
  notConfirmed?: string;
  /** When she was checked in ("HH:MM", the association's time). */
  checkedInAt?: string;
  /** Asked again for someone checked in before. */
  already: boolean;
  /** Where the button posts, while she is confirmed and not checked in. */
  action?: string;
}

/** The check-in page without an admin's session (nothing personal), or for an unknown registration. */
export interface CheckInLoginPageData {
  kind: 'asistencia-sesion';
  unknown: boolean;
}

export type RegistrationPagesData =
  | ManagePageData
  | SentPageData
  | SignUpAgainPageData
  | UnknownRegistrationPageData
  | CheckInPageData
  | CheckInLoginPageData;

export const REGISTRATION_PAGE_KINDS = [
  'registro',
  'registro-enviado',
  'registro-formulario',
  'registro-desconocido',
  'asistencia',
  'asistencia-sesion',
] as const satisfies readonly RegistrationPagesData['kind'][];
