import { createHash, randomBytes } from 'node:crypto';

/** A link's token: 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256 (the token itself is random, so no slow hash is needed). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token as links carry it: anything else is unknown without a database lookup. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);
