import { apiPaths } from '../../../shared/api-paths.ts';
import type { ContactRequest } from '../../../shared/schemas.ts';
import { sendJson } from '../../api/client.ts';

/** What the server answers once the request is stored. */
export interface ContactRequestReceipt {
  data: { id: string };
}

/**
 * Sends a contact or membership request under the single `data` field. Errors reach the caller, which
 * logs them; the payload itself is personal data and is deliberately not written to the console.
 */
export function sendContactRequest(form: ContactRequest): Promise<ContactRequestReceipt> {
  return sendJson<ContactRequestReceipt>('POST', apiPaths.contact, { data: form });
}
