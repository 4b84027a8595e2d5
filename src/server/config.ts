import { isIP } from 'node:net';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../shared/admin-schemas.ts';
import { HOUR_MS } from '../shared/clock.ts';
import { EmailSchema } from '../shared/schemas.ts';

/** Published in this repository: good only for a server nobody else can reach. */
const DEVELOPMENT_SECRET = 'development-only-secret-change-me-in-production';

/** Addresses only this machine reaches. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'debe ser true o false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().min(1).default('data/site.db'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'debe empezar con smtp:// o smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sitio web <no-responder@example.org>'),
  MAIL_TO: z.string().min(3).default('contacto@example.org'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(30_000),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  ADMIN_EMAIL: EmailSchema.optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres` })
    .optional(),
  SESSION_SECRET: z.string().min(32, { error: 'debe tener al menos 32 caracteres' }).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(8),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  ADMIN_REQUIRE_2FA: booleanFromEnv.default(false),
  SEED_DEMO: booleanFromEnv.optional(),
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'debe empezar con redis://' })
    .optional(),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: z.enum(['notable', 'all'], { error: 'debe ser notable o all' }).default('notable'),
  WEB_DIST: z.string().default('dist/web'),
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  REQUEST_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
  PRIVACY_BLOCK_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  PRIVACY_HASH_SECRET: z.string().min(32, { error: 'debe tener al menos 32 caracteres' }).optional(),
  REGISTRATION_REMINDER_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(24),
  REGISTRATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SITE_URL: z.url({ protocol: /^https?$/, error: 'debe ser una URL http(s) completa' }).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL schema to use instead of the default (tests). */
  databaseSchema?: string;
  smtpUrl?: string;
  mailFrom: string;
  mailTo: string;
  mail: {
    maxAttempts: number;
    retryBaseMs: number;
    leaseMs: number;
    pollMs: number;
    /** Bulk messages (newsletters) sent per minute across every instance; transactional mail goes first. */
    bulkPerMinute?: number;
  };
  admin?: { email: string; password: string };
  sessionSecret: string;
  /** Idle lifetime: a session unused this long ends. */
  sessionTtlMs: number;
  /** Absolute lifetime: a session ends this long after its login, however active. */
  sessionMaxMs: number;
  /** Every admin must have a second factor (TOTP); one without it is sent to set it up. */
  adminRequireSecondFactor: boolean;
  seedDemo: boolean;
  /** false, a hop count (1 = only the nearest proxy), or the proxies' addresses and CIDR ranges. */
  trustProxy: TrustProxy;
  redisUrl?: string;
  contactRateLimit: number;
  loginRateLimit: number;
  logLevel: string;
  /** Which requests get a log line: writes, errors and slow ones (`notable`), or every one (`all`). */
  logRequests: 'notable' | 'all';
  webDist: string;
  /** Where uploaded images are written (default data/uploads). */
  uploadDir?: string;
  /**
   * Handled requests not changed for this many days are deleted (the admin may change it); by default a
   * year in production, and kept outside it.
   */
  requestRetentionDays?: number;
  /** A person whose data are cancelled is blocked this many days, then erased. */
  privacyBlockDays: number;
  /** The secret of the keyed hash that replaces an erased person's e-mail (else from sessionSecret). */
  privacyHashSecret?: string;
  /** The public address of the site, for absolute URLs (sitemap, calendar UIDs, social tags). */
  siteUrl: string;
  /** Event registrations: the reminder this long before the start (0: none), deletion after the event. */
  registrations?: { reminderMs: number; retentionDays: number };
  /**
   * The time, for what depends on it being public (scheduled events and news); the system's unless a
   * test sets its own clock.
   */
  now?: () => Date;
  /**
   * One admin's attempts at her password or a code in 15 minutes (ACCOUNT_ATTEMPTS unless set): the
   * browser tests, where one account confirms its password in many tests at once, raise it as they
   * raise the login limit.
   */
  accountAttempts?: number;
}

/** How long requests are kept in production when REQUEST_RETENTION_DAYS is not set: a year. */
export const DEFAULT_RETENTION_DAYS = 365;

export type TrustProxy = false | number | string[];

export class ConfigError extends Error {}

const invalid = (lines: string[]) => new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);

/** Reads and checks the environment; a bad value throws with every problem named by its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.SESSION_SECRET) problems.push('  SESSION_SECRET: es obligatoria en producción');
  if (production && e.SESSION_SECRET === DEVELOPMENT_SECRET)
    problems.push(
      '  SESSION_SECRET: es el valor público de desarrollo; genera uno propio (openssl rand -hex 32)',
    );
  if (!production && !e.SESSION_SECRET && !isLoopback(e.HOST))
    problems.push(
      `  SESSION_SECRET: es obligatoria cuando HOST (${e.HOST}) no es una dirección local; sin ella las sesiones se firmarían con el valor público de desarrollo`,
    );
  // Canonical links, the sitemap, social cards, calendar files and e-mails carry this address.
  if (production && !e.SITE_URL?.startsWith('https://'))
    problems.push('  SITE_URL: es obligatoria en producción y debe empezar con https://');
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD))
    problems.push('  ADMIN_EMAIL y ADMIN_PASSWORD van juntas');
  let trustProxy: TrustProxy = false;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (error) {
    problems.push(`  TRUST_PROXY: ${(error as Error).message}`);
  }
  if (problems.length > 0) throw invalid(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailTo: e.MAIL_TO,
    mail: {
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      leaseMs: e.MAIL_LEASE_MS,
      pollMs: e.MAIL_POLL_MS,
      bulkPerMinute: e.NEWSLETTER_RATE_PER_MINUTE,
    },
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    // Outside production a fixed development secret keeps `npm start` zero-configuration.
    sessionSecret: e.SESSION_SECRET ?? DEVELOPMENT_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * HOUR_MS,
    sessionMaxMs: e.SESSION_MAX_HOURS * HOUR_MS,
    adminRequireSecondFactor: e.ADMIN_REQUIRE_2FA,
    seedDemo: e.SEED_DEMO ?? !production,
    trustProxy,
    redisUrl: e.REDIS_URL,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    logRequests: e.LOG_REQUESTS,
    webDist: e.WEB_DIST,
    uploadDir: e.UPLOAD_DIR,
    requestRetentionDays: e.REQUEST_RETENTION_DAYS ?? (production ? DEFAULT_RETENTION_DAYS : undefined),
    privacyBlockDays: e.PRIVACY_BLOCK_DAYS,
    privacyHashSecret: e.PRIVACY_HASH_SECRET,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    registrations: {
      reminderMs: e.REGISTRATION_REMINDER_HOURS * HOUR_MS,
      retentionDays: e.REGISTRATION_RETENTION_DAYS,
    },
  };
}

/**
 * `false`; a hop count (`1`: only the nearest proxy, whose X-Forwarded-For entry is the client; an
 * address a client writes there itself stays further left and is never believed); or the proxies'
 * addresses and CIDR ranges, comma-separated. "Trust every hop" is refused: any client could then
 * choose its own address and escape the rate limits.
 */
const PROXY_ADDRESS_GROUPS = new Set(['loopback', 'linklocal', 'uniquelocal']);

export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (PROXY_ADDRESS_GROUPS.has(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  };
  if (entries.length === 0 || !entries.every(valid)) {
    throw new Error(
      'debe ser false, un número de proxies (1 = solo el más cercano) o una lista de direcciones IP, rangos CIDR o loopback, separados por comas',
    );
  }
  return entries;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
