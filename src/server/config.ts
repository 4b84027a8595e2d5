import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'debe ser true o false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).default('data/site.db'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'debe empezar con smtp:// o smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sitio web <no-responder@example.org>'),
  MAIL_TO: z.string().min(3).default('contacto@example.org'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  MAIL_LEASE_MS: z.coerce.number().int().min(100).default(120_000),
  MAIL_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  ADMIN_EMAIL: z.string().email({ error: 'debe ser un correo válido' }).optional(),
  ADMIN_PASSWORD: z.string().min(12, { error: 'debe tener al menos 12 caracteres' }).optional(),
  SESSION_SECRET: z.string().min(32, { error: 'debe tener al menos 32 caracteres' }).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(8),
  SEED_DEMO: booleanFromEnv.optional(),
  TRUST_PROXY: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'debe empezar con redis://' })
    .optional(),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default('dist/web'),
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  REQUEST_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).optional(),
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
  mail: { maxAttempts: number; retryBaseMs: number; leaseMs: number; pollMs: number };
  admin?: { email: string; password: string };
  sessionSecret: string;
  sessionTtlMs: number;
  seedDemo: boolean;
  trustProxy: boolean | string;
  redisUrl?: string;
  contactRateLimit: number;
  loginRateLimit: number;
  logLevel: string;
  webDist: string;
  /** Where uploaded images are written (default data/uploads). */
  uploadDir?: string;
  /** Handled requests older than this many days are deleted; unset keeps them (the admin may change it). */
  requestRetentionDays?: number;
  /** The public address of the site, for absolute URLs (sitemap, calendar UIDs, social tags). */
  siteUrl: string;
}

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value throws with every problem named by its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('Configuración inválida:\n  SESSION_SECRET: es obligatoria en producción');
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Configuración inválida:\n  ADMIN_EMAIL y ADMIN_PASSWORD van juntas');
  }
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
    },
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    // Outside production a fixed development secret keeps `npm start` zero-configuration.
    sessionSecret: e.SESSION_SECRET ?? 'development-only-secret-change-me-in-production',
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    seedDemo: e.SEED_DEMO ?? !production,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisUrl: e.REDIS_URL,
    contactRateLimit: e.CONTACT_RATE_LIMIT,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    uploadDir: e.UPLOAD_DIR,
    requestRetentionDays: e.REQUEST_RETENTION_DAYS,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
  };
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
}
