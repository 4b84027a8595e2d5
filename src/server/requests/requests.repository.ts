import { sql, type Kysely } from 'kysely';
import type { StoredRequest } from '../../shared/admin-schemas.ts';
import { foldForSearch } from '../../shared/text-fold.ts';
import type { Database } from '../db/schema.ts';

/** What the inbox's search looks in: name, company and e-mail, folded (one per line). */
export const requestSearchText = (request: Pick<NewRequest, 'fullName' | 'company' | 'email'>) =>
  foldForSearch([request.fullName, request.company, request.email].join('\n'));

/** A request as the forms send it, declared once in src/shared/admin-schemas.ts. */
export type NewRequest = StoredRequest;

/** Stores a request as it arrived: `nueva`, searchable by its name, company and e-mail. */
export async function insertRequest(
  db: Kysely<Database>,
  request: NewRequest & { id: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('requests')
    .values({
      id: request.id,
      kind: request.kind,
      full_name: request.fullName,
      company: request.company,
      position: request.position,
      email: request.email,
      phone_number: request.phoneNumber,
      spam: request.spam ? 1 : 0,
      status: 'nueva',
      created_at: request.createdAt,
      search_folded: requestSearchText(request),
    })
    .execute();
}

/** Acknowledgements queued for this address (any case) after `since` (ISO UTC). */
export async function acknowledgementsSince(
  db: Kysely<Database>,
  address: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('purpose', '=', 'ack')
    .where('created_at', '>', since)
    .where(sql<string>`lower(to_address)`, '=', address.toLowerCase())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Stores a barrier report as a request of kind `barrera`: the page and what happened in their own
 * columns, the e-mail left (or an empty one), and the fields the form does not ask for empty.
 */
export async function insertBarrierReport(
  db: Kysely<Database>,
  report: { id: string; pageUrl: string; details: string; email: string; spam: boolean; createdAt: string },
): Promise<void> {
  await db
    .insertInto('requests')
    .values({
      id: report.id,
      kind: 'barrera',
      full_name: '',
      company: '',
      position: '',
      email: report.email,
      phone_number: '',
      spam: report.spam ? 1 : 0,
      status: 'nueva',
      created_at: report.createdAt,
      // Found by the page and the e-mail, as the other requests by their name and e-mail.
      search_folded: foldForSearch([report.pageUrl, report.email].join('\n')),
      page_url: report.pageUrl,
      details: report.details,
    })
    .execute();
}
