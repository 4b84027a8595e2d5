import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { organisation } from '../../shared/organisation.ts';

// RFC 6238 defaults, the ones every authenticator app reads from a QR code.
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** One step either side: a phone clock 30 s off still works. */
const WINDOW = 1;

export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: codes are read off paper and typed by hand.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RECOVERY_GROUPS = 3;
const RECOVERY_GROUP_LENGTH = 4;

function totpFor(secret: string, email = '') {
  return new TOTP({
    issuer: organisation.name,
    label: email,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps expect it typed. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The `otpauth://` URI as an SVG QR code in a data URL: an <img> the CSP allows, no script. */
  qrCode: string;
}

export async function totpEnrolment(secret: string, email: string): Promise<TotpEnrolment> {
  const uri = totpFor(secret, email).toString();
  // Loaded when an admin sets up a second factor, not at start.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The code's time step when it is right now (within the window), else null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

/** Ten codes like `K7QM-3XTA-9PZC` (about 59 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_GROUPS }, () =>
      Array.from(
        { length: RECOVERY_GROUP_LENGTH },
        () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
      ).join(''),
    ).join('-'),
  );
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * A recovery code's hash. The codes are random and long, so a fast hash is enough: there is no
 * dictionary to try, unlike passwords.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

export function looksLikeTotp(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}
