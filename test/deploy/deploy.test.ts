import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/shared/messages.ts';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/test/smtp-peer.ts';
import { createFaultDatabase, type FaultDatabase } from '../faults/harness/databases.ts';
import {
  ROOT,
  freePort,
  sleep,
  startServer,
  waitFor,
  type ServerProcess,
} from '../faults/harness/server-process.ts';
import { validRequest } from '../faults/harness/visitor.ts';
import { startAppendingProxy } from './harness/appending-proxy.ts';
import { caddyVersion, startCaddy, type Caddy } from './harness/caddy.ts';
import { HttpsVisitor } from './harness/https-visitor.ts';

const LOGIN_LIMIT = 4;
const CONTACT_LIMIT = 3;
const tag = randomBytes(3).toString('hex');
const ADMIN = { email: `admin-${tag}@example.org`, password: 'una-contraseña-de-despliegue' };
/** A loopback address of its own for each client, so counters left in Redis by other runs never count. */
const clientAddress = () => `127.${randomInt(1, 255)}.${randomInt(256)}.${randomInt(1, 255)}`;
const forgedAddress = () => `203.0.113.${randomInt(1, 255)}`;

describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)(
  'two production instances on PostgreSQL and Redis behind Caddy over HTTPS',
  () => {
    let dir: string;
    let database: FaultDatabase;
    let peer: SmtpPeer;
    let a: ServerProcess;
    let b: ServerProcess;
    let caddy: Caddy;
    /** A visitor through Caddy, from an address of its own. */
    const visitor = () => new HttpsVisitor(caddy.url, { ca: caddy.ca, localAddress: clientAddress() });

    beforeAll(async () => {
      expect(caddyVersion(), 'Caddy is missing: apt-get install -y caddy (.ci/run installs it)').toBeTruthy();
      expect(existsSync(join(ROOT, 'dist/ssr/entry-server.js')), 'the site is not built: npm run build').toBe(
        true,
      );
      dir = mkdtempSync(join(tmpdir(), 'site-deploy-'));
      database = await createFaultDatabase('postgres');
      peer = await startSmtpPeer();
      const port = await freePort();
      const env = {
        NODE_ENV: 'production',
        SITE_URL: `https://localhost:${port}`,
        SESSION_SECRET: randomBytes(36).toString('base64'),
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL,
        SMTP_URL: peer.url,
        TRUST_PROXY: '1',
        WEB_DIST: 'dist/web',
        UPLOAD_DIR: join(dir, 'uploads'),
        SEED_DEMO: 'true',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
        CONTACT_RATE_LIMIT: String(CONTACT_LIMIT),
        MAIL_POLL_MS: '200',
        LOG_LEVEL: 'warn',
      };
      // One after the other: the first seeds the empty database.
      a = await startServer({ env });
      b = await startServer({ env });
      caddy = await startCaddy({
        dir: join(dir, 'caddy'),
        port,
        upstreams: [a, b].map((s) => `127.0.0.1:${s.port}`),
      });
    });

    afterAll(async () => {
      await caddy?.stop();
      await a?.stop();
      await b?.stop();
      await peer?.stop();
      await database?.destroy();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('serves server-rendered pages over HTTPS whose links, sitemap and robots say https, and hashed assets cached for a year', async () => {
      const browser = visitor();
      // Round robin: two requests reach both instances.
      for (let i = 0; i < 2; i++) {
        const page = await browser.request('GET', '/Inicio');
        expect(page.status).toBe(200);
        expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
        expect(page.text).toContain(`<link rel="canonical" href="${caddy.url}/Inicio"`);
        expect(page.text).toContain(`<meta property="og:url" content="${caddy.url}/Inicio"`);
        expect(page.text).toMatch(/<div id="root"><[a-z]/);
        expect(page.text).not.toMatch(/http:\/\/localhost/);
      }
      const sitemap = await browser.request('GET', '/sitemap.xml');
      expect(sitemap.text).toContain(`<loc>${caddy.url}/Membresias</loc>`);
      expect((await browser.request('GET', '/robots.txt')).text).toContain(
        `Sitemap: ${caddy.url}/sitemap.xml`,
      );

      const page = await browser.request('GET', '/Inicio');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
      expect(script).toBeTruthy();
      const asset = await browser.request('GET', script!, undefined, { 'accept-encoding': 'gzip' });
      expect(asset.status).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-encoding']).toBe('gzip');
    });

    it('logs the admin in through Caddy with a Secure cookie, and her session works on both instances', async () => {
      const admin = visitor();
      const login = await admin.request('POST', '/api/auth/login', ADMIN);
      expect(login.status).toBe(200);
      const sid = login.setCookies.find((line) => line.startsWith('__Host-sid='));
      expect(sid).toMatch(/; Secure/);
      expect(sid).toMatch(/; HttpOnly/);
      for (const instance of [a, b]) {
        const direct = new HttpsVisitor(instance.url);
        for (const [name, value] of admin.cookies) direct.cookies.set(name, value);
        expect((await direct.request('GET', '/api/auth/me')).json()).toMatchObject({
          data: { email: ADMIN.email },
        });
      }
    });

    it("shows a content change on both instances' next render and list, not when their caches expire", async () => {
      const name = `Convocatoria ${tag}`;
      const direct = [a, b].map((instance) => new HttpsVisitor(instance.url));
      const list = '/api/news/get-all';
      // Each instance has the page and the list in its cache.
      for (const page of await Promise.all(direct.map((d) => d.request('GET', '/Inicio')))) {
        expect(page.text).not.toContain(name);
      }
      for (let read = 0; read < 2; read++) {
        for (const answer of await Promise.all(direct.map((d) => d.request('GET', list)))) {
          expect(answer.text).not.toContain(name);
        }
      }
      const admin = visitor();
      expect((await admin.request('POST', '/api/auth/login', ADMIN)).status).toBe(200);
      const created = await admin.request('POST', '/api/news/create', {
        news: { name, address: 'Oaxaca', description: '<p>Abierta a todas.</p>', images: [] },
      });
      expect(created.status).toBe(201);
      const started = performance.now();
      await waitFor(
        'both instances to render and list the new item',
        async () =>
          (
            await Promise.all(direct.flatMap((d) => [d.request('GET', '/Inicio'), d.request('GET', list)]))
          ).every((p) => p.text.includes(name)),
        5_000,
        50,
      );
      // The pages are cached for a minute: this is the change being told, not the cache running out.
      expect(performance.now() - started).toBeLessThan(5_000);
    });

    it('stores a contact request through Caddy and delivers its mail once', async () => {
      const request = validRequest(1, `deploy-${tag}`);
      const answer = await visitor().request('POST', '/api/mail/contact', request);
      expect(answer.status).toBe(201);
      const id = answer.json<{ data: { id: string } }>().data.id;
      const stored = await database
        .open()
        .db.selectFrom('requests')
        .select(['id', 'email'])
        .where('id', '=', id)
        .execute();
      expect(stored).toEqual([{ id, email: request.data.email }]);
      const mine = () =>
        peer.messages.filter((message) => JSON.stringify(message).includes(request.data.email));
      await waitFor('the notification and the acknowledgement', () => mine().length >= 2, 15_000);
      await sleep(1_500);
      expect(mine()).toHaveLength(2);
      expect(new Set(mine().map((message) => message.messageId)).size).toBe(2);
    });

    describe('a forged X-Forwarded-For escapes neither the contact nor the login limit', () => {
      const exhaust = async (client: HttpsVisitor, extra: Record<string, string> = {}) => {
        const contact: number[] = [];
        for (let i = 0; i <= CONTACT_LIMIT; i++) {
          const headers = { 'x-forwarded-for': forgedAddress(), ...extra };
          contact.push(
            (await client.request('POST', '/api/mail/contact', validRequest(i, `xff-${tag}`), headers))
              .status,
          );
        }
        // Logins are counted per account and client address (decision 010): one account, many forged
        // addresses in the header, one real client.
        const login: number[] = [];
        const account = `nadie-${randomBytes(3).toString('hex')}-${tag}@example.org`;
        for (let i = 0; i <= LOGIN_LIMIT; i++) {
          const headers = { 'x-forwarded-for': forgedAddress(), ...extra };
          const attempt = { email: account, password: 'no-es-la-contraseña' };
          login.push((await client.request('POST', '/api/auth/login', attempt, headers)).status);
        }
        return { contact, login };
      };
      const limited = (limit: number, okStatus: number) => [...Array(limit).fill(okStatus), 429];

      it('through Caddy, which puts the address it saw in the header', async () => {
        const { contact, login } = await exhaust(visitor());
        expect(contact).toEqual(limited(CONTACT_LIMIT, 201));
        expect(login).toEqual(limited(LOGIN_LIMIT, 401));
      });

      it('through a proxy that appends the address it saw to what the client sent', async () => {
        const proxy = await startAppendingProxy(new URL(a.url));
        try {
          const client = new HttpsVisitor(proxy.url, { localAddress: clientAddress() });
          const { contact, login } = await exhaust(client);
          expect(contact).toEqual(limited(CONTACT_LIMIT, 201));
          expect(login).toEqual(limited(LOGIN_LIMIT, 401));
        } finally {
          await proxy.stop();
        }
      });
    });

    it('refuses a production login over plain http, saying what to configure', async () => {
      const direct = new HttpsVisitor(a.url, { localAddress: clientAddress() });
      const answer = await direct.request('POST', '/api/auth/login', ADMIN);
      expect(answer.status).toBe(403);
      expect(answer.json()).toEqual({
        error: { code: 'HTTPS_REQUIRED', message: apiMessages.httpsRequired },
      });
      expect(answer.setCookies.some((line) => line.startsWith('__Host-sid='))).toBe(false);
    });
  },
);
