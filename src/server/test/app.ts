import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { CSRF_COOKIE } from '../../shared/api-paths.ts';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

export const TEST_ADMIN = { email: 'admin@example.org', password: 'una-contraseña-de-prueba' };

export function testConfig(
  database: Pick<TestDatabase, 'url' | 'schema'>,
  overrides: Partial<Config> = {},
): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.url,
    databaseSchema: database.schema,
    mailFrom: 'Sitio <no-responder@example.org>',
    mailTo: 'buzon@example.org',
    // A send may take up to half the lease before it counts as failed and is sent again; on a busy
    // machine one second (a 2 s lease) was not enough, and a confirmation arrived twice.
    mail: { maxAttempts: 3, retryBaseMs: 50, leaseMs: 10_000, pollMs: 50 },
    admin: TEST_ADMIN,
    sessionSecret: 'a-test-secret-that-is-long-enough-for-sessions',
    sessionTtlMs: 3_600_000,
    sessionMaxMs: 4 * 3_600_000,
    adminRequireSecondFactor: false,
    seedDemo: false,
    trustProxy: false,
    contactRateLimit: 1_000,
    loginRateLimit: 1_000,
    logLevel: 'silent',
    logRequests: 'notable',
    webDist: 'dist/does-not-exist',
    siteUrl: 'https://sitio.example.org',
    privacyBlockDays: 30,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const app = await buildApp(testConfig(database, overrides), options);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * A test app for the tests of the enclosing `describe`: built before them, closed after them. Read
 * `.app` and `.database` inside a test.
 */
export function useTestApp(
  dialect: Dialect,
  overrides: Partial<Config> = {},
): { readonly app: App; readonly database: TestDatabase } {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(dialect, overrides);
  });
  afterAll(async () => t?.close());
  return {
    get app() {
      return t!.app;
    },
    get database() {
      return t!.database;
    },
  };
}

/** Cookies from a response, as a jar merged into `jar`. */
export function collectCookies(response: LightMyRequestResponse, jar: Record<string, string> = {}) {
  for (const cookie of response.cookies) {
    if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}

export const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** A visitor's browser: keeps cookies, and sends the CSRF header on unsafe requests like the web client. */
export class Browser {
  readonly jar: Record<string, string> = {};
  token = '';
  private readonly app: App;

  constructor(app: App) {
    this.app = app;
  }

  async csrf(): Promise<string> {
    const response = await this.app.inject({
      method: 'GET',
      url: '/api/csrf',
      headers: { cookie: cookieHeader(this.jar) },
    });
    collectCookies(response, this.jar);
    this.token = response.json<{ data: { token: string } }>().data.token;
    return this.token;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && !this.token) await this.csrf();
    const response = await this.app.inject({
      method,
      url,
      headers: {
        cookie: cookieHeader(this.jar),
        ...(method !== 'GET' ? { 'x-xsrf-token': this.token } : {}),
        ...headers,
      },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    collectCookies(response, this.jar);
    // As the web client does, the token is read from the cookie (a login renews it).
    if (response.cookies.some((cookie) => cookie.name === CSRF_COOKIE))
      this.token = this.jar[CSRF_COOKIE] ?? '';
    return response;
  }

  async login(email = TEST_ADMIN.email, password = TEST_ADMIN.password) {
    return this.request('POST', '/api/auth/login', { email, password });
  }

  /** Types the password (and a code) again, as a sensitive change asks first (decision 035). */
  async confirm(password = TEST_ADMIN.password, code?: string) {
    return this.request(
      'POST',
      '/api/admin/me/confirm',
      code === undefined ? { password } : { password, code },
    );
  }
}
