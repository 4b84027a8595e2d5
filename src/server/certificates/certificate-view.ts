import type { CertificatePageData } from '../../shared/certificates.ts';
import { clock, isoDay } from '../../shared/clock.ts';
import { longDay } from '../../shared/members.ts';
import type { CertificateRow } from './certificates.repository.ts';
import type { CertificateContent } from './certificate-pdf.ts';

/** "10 de marzo de 2099": an event's day on the association's clock. */
export function eventDayText(eventDate: string): string {
  const day = clock.day(eventDate);
  return day ? longDay(isoDay(day)) : '';
}

/** What the verification page shows of a certificate. */
export function certificatePageData(row: CertificateRow | undefined): CertificatePageData {
  if (!row) {
    return {
      kind: 'constancia',
      found: false,
      fullName: '',
      eventName: '',
      dateText: '',
      hours: 0,
      status: 'Revocada',
    };
  }
  return {
    kind: 'constancia',
    found: true,
    fullName: row.full_name,
    eventName: row.event_name,
    dateText: eventDayText(row.event_date),
    hours: row.hours,
    status: row.revoked_at ? 'Revocada' : 'Vigente',
  };
}

/** What the PDF states, from the stored certificate. */
export function certificateContent(row: CertificateRow, verifyUrl: string): CertificateContent {
  return {
    folio: row.folio,
    fullName: row.full_name,
    eventName: row.event_name,
    dateText: eventDayText(row.event_date),
    hours: row.hours,
    text: row.text,
    signers: JSON.parse(row.signers) as CertificateContent['signers'],
    verifyUrl,
  };
}
