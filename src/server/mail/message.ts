/** What goes into one message, whatever sends it. */
export interface MailContent {
  subject: string;
  text: string;
}

// Line breaks would let a value start a new header (or fake a new field in the body); other control
// characters have no business in a name or a company either.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Turns a value into one clean line, safe in a header. */
export function singleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
}

/** The bare address in `Name <address>` or `address`, cleaned. */
export function bareAddress(value: string): string {
  const clean = singleLine(value);
  const bracketed = /<([^<>]+)>\s*$/.exec(clean);
  return (bracketed?.[1] ?? clean).trim();
}

/**
 * A Message-ID that stays the same for every attempt at one outbox row, so a mailbox that gets the
 * same row twice (a worker died after the server accepted it) can drop the copy.
 */
export function messageIdFor(outboxId: string, mailFrom: string): string {
  const domain =
    bareAddress(mailFrom)
      .split('@')[1]
      ?.replace(/[^a-zA-Z0-9.-]/g, '') || 'localhost';
  return `<${outboxId}@${domain}>`;
}
