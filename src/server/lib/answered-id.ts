/**
 * The `data.id` of a JSON answer as an onSend hook sees it leave: the record a write created or acted
 * on. Undefined for any other answer, and for one too long to be about a single record.
 */
export function answeredId(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 10_000) return undefined;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
