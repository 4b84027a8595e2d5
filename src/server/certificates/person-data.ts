import { sql } from 'kysely';
import type { PersonDataSource } from '../consent/person-data.ts';
import { revokeCertificatesOf } from './certificates.repository.ts';

const CANCELLED = 'Cancelación de sus datos personales (derechos ARCO)';

/**
 * Certificates and survey answers as the person's data: found by her address, blocked (her
 * certificates are revoked at once, so their pages say "Revocada", and her unanswered survey links
 * stop working), and erased (the certificate keeps only its folio and event, revoked; an answer keeps
 * only its figures and comment, with neither address nor name; the follow-up keeps that it was sent).
 */
export const certificatePersonData: PersonDataSource = {
  key: 'certificates',

  async find(db, email) {
    const [certificates, answers, followups] = await Promise.all([
      db
        .selectFrom('certificates')
        .select([
          'folio',
          'full_name',
          'event_name',
          'event_date',
          'hours',
          'issued_at',
          'revoked_at',
          'revoked_reason',
        ])
        .where('email', '=', email)
        .execute(),
      db
        .selectFrom('survey_answers')
        .select(['event_id', 'rating', 'recommend', 'comment', 'quote_name', 'answered_at'])
        .where('email', '=', email)
        .execute(),
      db
        .selectFrom('event_followups')
        .select(['event_id', 'created_at'])
        .where('email', '=', email)
        .execute(),
    ]);
    const sections: unknown[] = [];
    if (certificates.length > 0) sections.push({ certificates });
    if (answers.length > 0) sections.push({ surveyAnswers: answers });
    if (followups.length > 0) sections.push({ followupMail: followups });
    return sections;
  },

  async block(db, email) {
    await revokeCertificatesOf(db, email, CANCELLED, new Date());
    // The survey link stops working: its follow-up keeps only that it was sent.
    await db
      .updateTable('event_followups')
      .set({ survey_token_hash: sql<string>`${'blocked:'} || registration_id` })
      .where('email', '=', email)
      .execute();
  },

  async erase(db, email) {
    let count = 0;
    const now = new Date();
    await revokeCertificatesOf(db, email, CANCELLED, now);
    const certificates = await db
      .updateTable('certificates')
      .set({ full_name: '', email: '' })
      .where('email', '=', email)
      .executeTakeFirst();
    count += Number(certificates.numUpdatedRows);
    const answers = await db
      .updateTable('survey_answers')
      .set({ email: '', quote_name: null })
      .where('email', '=', email)
      .executeTakeFirst();
    count += Number(answers.numUpdatedRows);
    // The follow-up row stays, without the address, so the mail is never written again.
    const followups = await db
      .updateTable('event_followups')
      .set({ email: '' })
      .where('email', '=', email)
      .executeTakeFirst();
    count += Number(followups.numUpdatedRows);
    return count;
  },
};
