import { apiFetch } from '../api/client.ts';

/**
 * Sends a subscription to the API route `path` (loaded only when the footer form is sent with script;
 * the form names the route, so that this chunk shares no module with the footer's).
 */
export function sendSubscription(path: string, data: { email: string; fullName?: string; website?: string }) {
  return apiFetch<{ data: { status: 'pending' } }>(path, {
    method: 'POST',
    body: JSON.stringify({ data }),
  });
}
