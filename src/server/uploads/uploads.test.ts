import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, cookieHeader, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { sniffImage } from './image-processing.ts';
import { pngHeader } from '../test/png-header.ts';
import { multipartFile } from '../test/multipart.ts';

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

  it('refuses a picture over 40 megapixels with 413 and a Spanish message', async () => {
    const response = await upload(admin, 'bomba.png', 'image/png', pngHeader(8000, 6000));
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual({
      code: 'IMAGE_TOO_LARGE',
      message: 'La imagen tiene más de 40 megapíxeles. Redúcela e inténtalo de nuevo.',
    });
  });

  it('processes uploads one at a time and asks the ones past a short line to retry with 429', async () => {
    const png = await picture(3000, 2000).png().toBuffer();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(admin, `a-la-vez-${i}.png`, 'image/png', png)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One processing and two waiting get through; the rest are told to come back.
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().error).toEqual({
      code: 'UPLOADS_BUSY',
      message: 'Ya hay otras imágenes procesándose. Espera unos segundos e inténtalo de nuevo.',
    });
    // The line is empty again afterwards.
    expect((await upload(admin, 'despues.png', 'image/png', png)).statusCode).toBe(201);
  });

  it('lists the uploads no content uses, and deletes one only after nothing shows it', async () => {
    const make = async (name: string, color: string) => {
      const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: color } })
        .png()
        .toBuffer();
      const answer = await upload(admin, name, 'image/png', png);
      expect(answer.statusCode).toBe(201);
      return answer.json<UploadAnswer>().data;
    };
    const shown = await make('usada.png', '#aa3300');
    const spare = await make('sobrante.png', '#0033aa');
    const event = await admin.request('POST', '/api/events/create', {
      event: {
        name: 'Foro solar',
        location: 'Oaxaca',
        date: '8 de marzo',
        eventDate: '2027-03-08T17:00:00Z',
        description: 'Un foro.',
        images: [],
        imageCover: [shown.srcset[0]!.url],
        linkEvent: 'https://example.org/foro',
      },
    });
    expect(event.statusCode).toBe(201);

    const unused = (await admin.request('GET', '/api/admin/uploads?unused=true')).json<{
      data: { id: string; used: boolean }[];
    }>().data;
    expect(unused.map((row) => row.id)).toContain(spare.id);
    expect(unused.map((row) => row.id)).not.toContain(shown.id);
    const all = (await admin.request('GET', '/api/admin/uploads')).json<{
      data: { id: string; used: boolean }[];
    }>().data;
    expect(all.find((row) => row.id === shown.id)?.used).toBe(true);

    const inUse = await admin.request('DELETE', `/api/admin/uploads/${shown.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toMatch(/Quítala de ahí/);
    for (const entry of shown.srcset) expect(existsSync(join(uploadDir, entry.url.slice(9)))).toBe(true);

    expect((await new Browser(t.app).request('DELETE', `/api/admin/uploads/${spare.id}`)).statusCode).toBe(
      401,
    );
    const noToken = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/uploads/${spare.id}`,
      headers: { cookie: cookieHeader(admin.jar) },
    });
    expect(noToken.statusCode).toBe(403);

    const removed = await admin.request('DELETE', `/api/admin/uploads/${spare.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { id: spare.id } });
    for (const entry of spare.srcset) expect(existsSync(join(uploadDir, entry.url.slice(9)))).toBe(false);
    expect(await t.app.db.selectFrom('uploads').where('id', '=', spare.id).selectAll().execute()).toEqual([]);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'uploads.delete')
      .execute();
    expect(audit.map((row) => row.target_id)).toEqual([spare.id]);
    expect((await admin.request('DELETE', `/api/admin/uploads/${spare.id}`)).statusCode).toBe(404);
  });

  it('keeps the files of an upload whose very bytes were uploaded again', async () => {
    const png = await picture(700, 500).png().toBuffer();
    const first = (await upload(admin, 'una.png', 'image/png', png)).json<UploadAnswer>().data;
    const second = (await upload(admin, 'otra-vez.png', 'image/png', png)).json<UploadAnswer>().data;
    expect(second.src).toBe(first.src);
    expect((await admin.request('DELETE', `/api/admin/uploads/${first.id}`)).statusCode).toBe(200);
    expect(existsSync(join(uploadDir, first.src.slice(9)))).toBe(true);
    expect((await admin.request('DELETE', `/api/admin/uploads/${second.id}`)).statusCode).toBe(200);
    expect(existsSync(join(uploadDir, first.src.slice(9)))).toBe(false);
  });
});
