import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, cookieHeader, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { sniffImage } from '../uploads/image-processing.ts';
import { multipartFile } from './multipart.test-helper.ts';

interface UploadAnswer {
  data: { id: string; src: string; width: number; height: number; srcset: { url: string; width: number }[] };
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } });

describe.each(testDialects)('image uploads on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
    t = await createTestApp(dialect, { uploadDir });
    admin = new Browser(t.app);
    await admin.login();
  });
  afterAll(async () => {
    await t.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const upload = (browser: Browser, name: string, type: string, data: Buffer) => {
    const { body, headers } = multipartFile('file', name, type, data);
    return browser.request('POST', '/api/uploads', body, headers);
  };

  it('turns a large PNG into WebP at 480, 960 and 1600 pixels, served with immutable caching', async () => {
    const png = await picture(2400, 1200).png().toBuffer();
    const response = await upload(admin, 'foto grande.png', 'image/png', png);
    expect(response.statusCode).toBe(201);
    const { data } = response.json<UploadAnswer>();
    expect(data.srcset.map((entry) => entry.width)).toEqual([480, 960, 1600]);
    expect(data.src).toBe(data.srcset[1]!.url);
    expect(data).toMatchObject({ width: 2400, height: 1200 });
    for (const entry of data.srcset) {
      expect(entry.url).toMatch(/^\/uploads\/[0-9a-f]{20}-\d+\.webp$/);
      const file = join(uploadDir, entry.url.slice('/uploads/'.length));
      expect(sniffImage(readFileSync(file))).toBe('webp');
      expect((await sharp(file).metadata()).width).toBe(entry.width);
    }
    const served = await t.app.inject({ method: 'GET', url: data.srcset[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const rows = await t.app.db.selectFrom('uploads').selectAll().execute();
    expect(rows.map((row) => row.original_name)).toContain('foto grande.png');
  });

  it('strips the metadata of a JPEG and never upscales a small WebP', async () => {
    const jpeg = await picture(1000, 700)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ubicación privada', Artist: 'Alguien' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const fromJpeg = await upload(admin, 'camara.jpg', 'image/jpeg', jpeg);
    expect(fromJpeg.statusCode).toBe(201);
    const jpegAnswer = fromJpeg.json<UploadAnswer>().data;
    expect(jpegAnswer.srcset.map((entry) => entry.width)).toEqual([480, 960]);
    const output = await sharp(join(uploadDir, jpegAnswer.src.slice('/uploads/'.length))).metadata();
    expect(output.exif).toBeUndefined();
    expect(output.icc).toBeUndefined();

    const webp = await picture(300, 200).webp().toBuffer();
    // The declared type and name are ignored: the bytes say WebP.
    const fromWebp = await upload(admin, 'pequena.bin', 'application/octet-stream', webp);
    expect(fromWebp.statusCode).toBe(201);
    expect(fromWebp.json<UploadAnswer>().data.srcset.map((entry) => entry.width)).toEqual([300]);
  });

  it('refuses a text file renamed as an image with 415 and a Spanish message', async () => {
    const response = await upload(admin, 'foto.png', 'image/png', Buffer.from('esto no es una imagen\n'));
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Solo se aceptan imágenes JPEG, PNG o WebP.' },
    });
  });

  it('refuses a corrupt image whose first bytes look right with 415', async () => {
    const png = await picture(800, 800).png().toBuffer();
    const response = await upload(admin, 'rota.png', 'image/png', png.subarray(0, 200));
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toMatch(/dañado/);
  });

  it('refuses a file over 8 MB with 413 and a JSON body instead of multipart with 415', async () => {
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(8 * 1024 * 1024 + 10, 1)]);
    const response = await upload(admin, 'enorme.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'La imagen pesa más de 8 MB. Redúcela e inténtalo de nuevo.',
    });
    const json = await admin.request('POST', '/api/uploads', { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(existsSync(uploadDir)).toBe(true);
  });

  it('answers 401 without a session and 403 without the CSRF token', async () => {
    const png = await picture(100, 100).png().toBuffer();
    const visitor = new Browser(t.app);
    const anonymous = await upload(visitor, 'a.png', 'image/png', png);
    expect(anonymous.statusCode).toBe(401);

    const { body, headers } = multipartFile('file', 'a.png', 'image/png', png);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body,
      headers: { ...headers, cookie: cookieHeader(admin.jar) },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('CSRF_INVALID');
  });

  it('lists what was uploaded for the admin only', async () => {
    const listed = await admin.request('GET', '/api/admin/uploads');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().total).toBeGreaterThanOrEqual(3);
    expect((await new Browser(t.app).request('GET', '/api/admin/uploads')).statusCode).toBe(401);
  });
});
