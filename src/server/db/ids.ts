import { randomFillSync } from 'node:crypto';

/**
 * A UUID of version 7 (RFC 9562): the milliseconds since 1970 in its first 48 bits, then random bits.
 * Rows whose ids are made close in time sit next to each other in the primary key's index, so a
 * transaction that adds many rows touches few index pages; with random (version 4) ids each row lands
 * on a page of its own. For rows written in bulk (contact requests and their mail); the time an id
 * tells is already in the row.
 */
export function timeOrderedId(now = Date.now()): string {
  const bytes = randomFillSync(Buffer.alloc(16));
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
