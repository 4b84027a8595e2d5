import { randomUUID } from 'node:crypto';

// The millisecond of the last id made in this process, and the counter its ids carry in their 12 bits
// after the version digit (RFC 9562, section 6.2, method 1).
let lastMillisecond = -1;
let counter = 0;

/**
 * A UUID of version 7 (RFC 9562): the milliseconds since 1970 in its first 48 bits, then random bits.
 * Rows whose ids are made close in time sit next to each other in the primary key's index, so a
 * transaction that adds many rows touches few index pages; with random (version 4) ids each row lands
 * on a page of its own. For rows written in bulk (contact requests and their mail); the time an id
 * tells is already in the row.
 *
 * Ids made by one process in the same millisecond sort in the order they were made: the first takes a
 * random counter below 2,048 and each next one adds 1, so "by time, then by id" is the order of writing
 * (past 4,095 in one millisecond the counter starts again from a random value).
 */
export function timeOrderedId(now = Date.now()): string {
  // A version 4 UUID (from Node's pool of random bytes, cheaper than asking for 16 of our own) keeps its
  // random bits and variant; its first 48 bits become the time and its version digit a 7.
  const random = randomUUID();
  if (now === lastMillisecond && counter < 0xfff) counter += 1;
  else {
    lastMillisecond = now;
    counter = parseInt(random.slice(15, 18), 16) & 0x7ff;
  }
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${counter.toString(16).padStart(3, '0')}${random.slice(18)}`;
}
