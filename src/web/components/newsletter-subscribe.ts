import { apiPaths } from '../../shared/api-paths.ts';
import { apiFetch } from '../api/client.ts';

/** Sends a subscription (loaded only when the footer form is sent with script). */
export function sendSubscription(data: { email: string; fullName?: string; website?: string }) {
  return apiFetch<{ data: { status: 'pending' } }>(apiPaths.newsletterSubscribe, {
    method: 'POST',
    body: JSON.stringify({ data }),
  });
}
