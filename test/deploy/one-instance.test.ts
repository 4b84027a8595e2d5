import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import SQLite from 'better-sqlite3';
import { Secret, TOTP } from 'otpauth';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/test/smtp-peer.ts';
import {
  ROOT,
  freePort,
  startServer,
  waitFor,
  type ServerProcess,
} from '../faults/harness/server-process.ts';
import { caddyVersion, startCaddy, type Caddy } from './harness/caddy.ts';
import { HttpsVisitor } from './harness/https-visitor.ts';

const tag = randomBytes(3).toString('hex');
const ADMIN = { email: `admin-${tag}@example.org`, password: 'una-contraseña-de-un-servidor' };
/** The settings of the recipe: the /etc/sitio/sitio.env a volunteer starts from. */
const recipe = parseEnv(readFileSync(join(ROOT, 'deploy/sitio.env.example'), 'utf8'));
const unit = readFileSync(join(ROOT, 'deploy/systemd/sitio.service'), 'utf8');

/** An npm script as the volunteer runs it on the server, with the site's settings and nothing else. */
function npmRun(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '-s', ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: stdout + stderr,
        }),
    );
  });
}

const privateFile = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('one production instance on SQLite behind Caddy over HTTPS: the recipe for the smallest server', () => {
  let dir: string;
  let peer: SmtpPeer;
  let site: ServerProcess;
  let caddy: Caddy;
  let settings: Record<string, string>;
  let nodeFlags: string[] = [];
  /** Filled in as the admin goes: what must survive the restore. */
  const story = { slug: '', image: '', afterBackup: '', recoveryCodes: [] as string[], email: '' };
  const visitor = () => new HttpsVisitor(caddy.url, { ca: caddy.ca });

  beforeAll(async () => {
    expect(caddyVersion(), 'Caddy is missing: apt-get install -y caddy (.ci/run installs it)').toBeTruthy();
    expect(existsSync(join(ROOT, 'dist/ssr/entry-server.js')), 'the site is not built: npm run build').toBe(
      true,
    );
    // The recipe is one instance on SQLite: no PostgreSQL, no Redis.
    expect(recipe.DATABASE_URL).toMatch(/^\/srv\/sitio\/data\/[^/]+\.db$/);
    expect(recipe.REDIS_URL).toBeUndefined();
    // Run as the unit runs it: its Node flags (the heap caps) and its memory setting.
    const execStart = /^ExecStart=\/usr\/bin\/node ((?:--\S+ )*)src\/server\/main\.ts$/m.exec(unit);
    expect(execStart, 'the unit starts src/server/main.ts with node').not.toBeNull();
    nodeFlags = execStart![1]!.trim().split(/\s+/).filter(Boolean);
    expect(nodeFlags).toEqual(expect.arrayContaining(['--optimize-for-size', '--max-old-space-size=224']));
    const mallocArenas = /^Environment=MALLOC_ARENA_MAX=(\d+)$/m.exec(unit)?.[1];
    expect(unit).toMatch(/^Environment=HOST=127\.0\.0\.1$/m);

    dir = mkdtempSync(join(tmpdir(), 'site-one-instance-'));
    peer = await startSmtpPeer();
    const port = await freePort();
    settings = {
      ...(recipe as Record<string, string>),
      // What a test machine has in place of the server's: loopback addresses, its own folders, its own
      // mail server and secrets.
      SITE_URL: `https://localhost:${port}`,
      SESSION_SECRET: randomBytes(36).toString('base64'),
      DATABASE_URL: join(dir, 'data', 'site.db'),
      UPLOAD_DIR: join(dir, 'uploads'),
      SMTP_URL: peer.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MAIL_POLL_MS: '200',
      LOG_LEVEL: 'warn',
      ...(mallocArenas ? { MALLOC_ARENA_MAX: mallocArenas } : {}),
    };
    mkdirSync(join(dir, 'data'), { mode: 0o700 });
    mkdirSync(join(dir, 'uploads'), { mode: 0o700 });
    site = await startServer({ env: settings, nodeFlags });
    caddy = await startCaddy({ dir: join(dir, 'caddy'), port, upstreams: [`127.0.0.1:${site.port}`] });
  });

  afterAll(async () => {
    await caddy?.stop();
    await site?.stop();
    await peer?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves a server-rendered page over HTTPS with its https links', async () => {
    const page = await visitor().request('GET', '/Inicio');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(page.text).toContain(`<link rel="canonical" href="${caddy.url}/Inicio"`);
    expect(page.text).toMatch(/<div id="root"><[a-z]/);
    expect(existsSync(settings.DATABASE_URL!)).toBe(true);
  });

  it('stores a plain form post sent through Caddy, and mails it', async () => {
    story.email = `solicitante-${tag}@example.org`;
    const form = new URLSearchParams({
      fullName: 'Ana Solicitante',
      company: 'Energía Solar del Sur',
      position: 'Ingeniera',
      email: story.email,
      phoneNumber: '5512345678',
    });
    const answer = await visitor().request('POST', '/Solicitud', form, { origin: caddy.url });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/SolicitudEnviada');
    const database = new SQLite(settings.DATABASE_URL!, { readonly: true, fileMustExist: true });
    try {
      expect(database.prepare('select count(*) as n from requests where email = ?').get(story.email)).toEqual(
        {
          n: 1,
        },
      );
    } finally {
      database.close();
    }
    await waitFor(
      'its mail at the SMTP peer',
      () => peer.messages.some((m) => m.raw.includes(story.email)),
      15_000,
    );
  });

  it('logs the admin in over HTTPS with the second factor the recipe requires, and she publishes news with an image', async () => {
    const admin = visitor();
    const login = await admin.request('POST', '/api/auth/login', ADMIN);
    expect(login.status).toBe(200);
    expect(login.setCookies.find((line) => line.startsWith('__Host-sid='))).toMatch(/; Secure/);
    // ADMIN_REQUIRE_2FA=true: nothing but setting the second factor up until it is on.
    expect((await admin.request('GET', '/api/admin/requests')).status).toBe(403);
    const setup = await admin.request('POST', '/api/admin/me/second-factor/setup');
    expect(setup.status).toBe(200);
    const secret = setup.json<{ data: { secret: string } }>().data.secret;
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const enabled = await admin.request('POST', '/api/admin/me/second-factor/enable', { code });
    expect(enabled.status).toBe(200);
    story.recoveryCodes = enabled.json<{ data: { recoveryCodes: string[] } }>().data.recoveryCodes;

    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#e8a317' } })
      .png()
      .toBuffer();
    const boundary = `----limite${tag}`;
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paneles.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await admin.request('POST', '/api/uploads', {
      contentType: `multipart/form-data; boundary=${boundary}`,
      bytes: multipart,
    });
    expect(upload.status, upload.text).toBe(201);
    story.image = upload.json<{ data: { src: string } }>().data.src;

    const created = await admin.request('POST', '/api/news/create', {
      news: {
        name: `Paneles en la sede ${tag}`,
        address: 'Oaxaca',
        description: '<p>Instalamos paneles solares en la sede.</p>',
        images: [story.image],
      },
    });
    expect(created.status, created.text).toBe(201);
    story.slug = created.json<{ data: { slug: string } }>().data.slug;
    const page = await visitor().request('GET', `/Noticias/${story.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Paneles en la sede ${tag}`);
    const image = await visitor().request('GET', story.image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('backs up database and images with npm run db:backup, and after npm run db:restore on the stopped site the content is back', async () => {
    expect(story.slug, 'the test above published the news item').toBeTruthy();
    const backupFile = join(dir, 'respaldos', `sitio-${tag}.db`);
    const imagesFile = join(dir, 'respaldos', `sitio-${tag}.uploads.tar`);
    const backup = await npmRun(['db:backup', '--', backupFile], settings);
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toContain(`Imágenes guardadas en ${imagesFile}`);
    expect(privateFile(backupFile)).toBe('600');
    expect(privateFile(imagesFile)).toBe('600');

    // What happens after the backup is what a restore takes back: a news item, and the images lost.
    const admin = visitor();
    const login = await admin.request('POST', '/api/auth/login', ADMIN);
    expect(login.json()).toMatchObject({ data: { secondFactorRequired: true } });
    const second = await admin.request('POST', '/api/auth/login/second-factor', {
      code: story.recoveryCodes[0],
    });
    expect(second.status).toBe(200);
    story.afterBackup = `Después del respaldo ${tag}`;
    const created = await admin.request('POST', '/api/news/create', {
      news: { name: story.afterBackup, address: 'Oaxaca', description: '<p>Se perderá.</p>', images: [] },
    });
    expect(created.status).toBe(201);
    rmSync(settings.UPLOAD_DIR!, { recursive: true });

    // docs/deploy.md, "Restoring a backup": stop, restore the database, put the images back, start.
    site.signal('SIGTERM');
    expect(await site.exited).toBe(0);
    const restore = await npmRun(['db:restore', '--', backupFile], settings);
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/La anterior quedó guardada en .*before-restore/);
    // The running site may have made the folder again meanwhile (share cards are kept in it).
    mkdirSync(settings.UPLOAD_DIR!, { recursive: true, mode: 0o700 });
    const extract = await new Promise<number>((resolve) =>
      execFile('tar', ['--extract', `--file=${imagesFile}`, `--directory=${settings.UPLOAD_DIR}`], (error) =>
        resolve(error ? 1 : 0),
      ),
    );
    expect(extract).toBe(0);
    site = await startServer({ env: settings, nodeFlags, port: site.port });

    await waitFor(
      'Caddy to send to the site again',
      async () => (await visitor().request('GET', '/api/health')).status === 200,
      20_000,
      250,
    );
    const page = await visitor().request('GET', `/Noticias/${story.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Paneles en la sede ${tag}`);
    expect((await visitor().request('GET', story.image)).status).toBe(200);
    expect((await visitor().request('GET', '/api/news/get-all')).text).not.toContain(story.afterBackup);

    // The admin's account and second factor came back too, and so did the request she got.
    const again = visitor();
    expect((await again.request('POST', '/api/auth/login', ADMIN)).json()).toMatchObject({
      data: { secondFactorRequired: true },
    });
    expect(
      (await again.request('POST', '/api/auth/login/second-factor', { code: story.recoveryCodes[1] })).status,
    ).toBe(200);
    const inbox = await again.request('GET', `/api/admin/requests?q=${encodeURIComponent(story.email)}`);
    expect(inbox.status).toBe(200);
    expect(inbox.json<{ total: number }>().total).toBe(1);
  });
});
