import { randomUUID } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the milliseconds since 1970 in its first 48 bits, then random bits.
 * Rows whose ids are made close in time sit next to each other in the primary key's index, so a
 * transaction that adds many rows touches few index pages; with random (version 4) ids each row lands
 * on a page of its own. For rows written in bulk (contact requests and their mail); the time an id
 * tells is already in the row.
 */
export function timeOrderedId(now = Date.now()): string {
  // A version 4 UUID (from Node's pool of random bytes, cheaper than asking for 16 of our own) keeps its
  // random bits and variant; its first 48 bits become the time and its version digit a 7.
  const random = randomUUID();
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
