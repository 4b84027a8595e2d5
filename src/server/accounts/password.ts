import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost for every stored password: N=2^15, r=8, p=1 (32 MiB and about 100 ms of one core). */
export const PASSWORD_COST = { N: 32_768, r: 8, p: 1 } as const;
const MAXMEM = 64 * 1024 * 1024;
const KEY_LENGTH = 64;

type Cost = { readonly N: number; readonly r: number; readonly p: number };
/**
 * The unit and browser tests hash hundreds of passwords a run; at the real cost that was a third of
 * the unit tests' CPU. They hash at N=2^10 instead. A stored hash names its own parameters, so a hash
 * of either cost verifies.
 */
export const TEST_PASSWORD_COST: Cost = { ...PASSWORD_COST, N: 1_024 };
let cost: Cost = PASSWORD_COST;

/**
 * Sets the cost of new hashes, for tests only (the server tests' setup and the browser tests' server;
 * a timing test puts the real cost back while it runs). Refused in production; the servers that the
 * fault and deployment suites start never call it.
 */
export function usePasswordCostForTests(next: Cost): void {
  if (process.env.NODE_ENV === 'production')
    throw new Error('The password cost is never changed in production');
  cost = next;
}

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Returns `scrypt$N$r$p$salt$hash` (base64 parts), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await derive(password, salt, { N, r, p, maxmem: MAXMEM });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash of a random password at the current cost, checked when an account does not exist, so a login
 * takes the same time whether or not the e-mail belongs to an admin.
 */
let decoy: { cost: Cost; hash: Promise<string> } | undefined;
export function decoyPasswordHash(): Promise<string> {
  if (decoy?.cost !== cost) decoy = { cost, hash: hashPassword(randomBytes(16).toString('hex')) };
  return decoy.hash;
}
