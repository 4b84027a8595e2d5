import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths } from '../../shared/api-paths.ts';
import { SHARE_CARD } from '../../shared/share-cards.ts';
import { Browser, createTestApp, type TestApp } from '../test/app.ts';
import { testDialects } from '../test/databases.ts';
import { eventInput } from '../test/events.ts';

/** The size a JPEG's frame header (SOF0 to SOF15, less DHT, JPG and DAC) gives. */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** A photo as the uploads keep them: a WebP under its content's name, with shapes and a gradient. */
async function writePhoto(uploads: string, name: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#7cc8b8"/><stop offset="1" stop-color="#f5b82e"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="url(#g)"/>
    <circle cx="1200" cy="260" r="180" fill="#e8684a"/><rect x="200" y="500" width="600" height="380" fill="#0f5257"/>
  </svg>`;
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(join(uploads, name));
  return `/uploads/${name}`;
}

const generic = readFileSync('src/web/public/images/brand/share.jpg');

describe.each(testDialects)('share cards on %s', (dialect) => {
  let t: TestApp;
  let admin: Browser;
  let root: string;
  let uploads: string;
  const logged: string[] = [];
  const cardsOf = (segment: string) =>
    existsSync(join(root, 'share-cards', segment)) ? readdirSync(join(root, 'share-cards', segment)) : [];

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'share-cards-'));
    uploads = join(root, 'uploads');
    mkdirSync(uploads);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(dialect, { uploadDir: uploads }, { logger: { level: 'error', stream } });
    admin = new Browser(t.app);
    expect((await admin.login()).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const createEvent = async (overrides: Parameters<typeof eventInput>[0]) => {
    const response = await admin.request('POST', '/api/events/create', { event: eventInput(overrides) });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: string; slug: string } }>().data;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("answers an event's card: a JPEG of 1200 × 630 under 300 KB, kept a day with its ETag", async () => {
    const photo = await writePhoto(uploads, 'a1b2c3-1600.webp');
    const event = await createEvent({
      name: 'Foro de almacenamiento de energía y redes inteligentes para comunidades rurales del sureste de México, con mesas de trabajo y visitas a proyectos',
      location: 'Mérida, Yucatán',
      eventDate: '2099-03-10T17:00:00.000Z',
      imageCover: [photo],
    });
    const response = await get(`/og/evento/${event.slug}.jpg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(jpegSize(response.rawPayload)).toEqual({ width: SHARE_CARD.width, height: SHARE_CARD.height });
    expect(response.rawPayload.length).toBeLessThan(SHARE_CARD.maxBytes);
    expect(Buffer.compare(response.rawPayload, generic)).not.toBe(0);
    writeFileSync(join(tmpdir(), `share-card-${dialect}.jpg`), response.rawPayload);

    const again = await get(`/og/evento/${event.slug}.jpg`, {
      'if-none-match': response.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it('makes each card once per version of its entry, when the entry changes, and drops the older one', async () => {
    const event = await createEvent({ name: 'Taller de paneles', imageCover: [] });
    const file = async () => {
      // The card is made in the background after the change; a request makes it at once otherwise.
      for (let i = 0; i < 100 && !cardsOf('evento').some((name) => name.startsWith(`${event.slug}.`)); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return cardsOf('evento').filter((name) => name.startsWith(`${event.slug}.`));
    };
    const [first] = await file();
    expect(first).toBeDefined();
    const made = statSync(join(root, 'share-cards', 'evento', first!));
    const one = await get(`/og/evento/${event.slug}.jpg`);
    const two = await get(`/og/evento/${event.slug}.jpg`);
    expect(one.headers.etag).toBe(two.headers.etag);
    expect(Buffer.compare(one.rawPayload, two.rawPayload)).toBe(0);
    // Served as the file it is: not made again.
    expect(statSync(join(root, 'share-cards', 'evento', first!)).mtimeMs).toBe(made.mtimeMs);

    const renamed = await admin.request('PUT', '/api/events/update', {
      eventId: event.id,
      eventData: eventInput({ name: 'Taller de paneles solares', imageCover: [] }),
    });
    expect(renamed.statusCode).toBe(200);
    const three = await get(`/og/evento/${event.slug}.jpg`);
    expect(three.headers.etag).not.toBe(one.headers.etag);
    expect(await file()).toHaveLength(1);
    expect((await file())[0]).not.toBe(first);
  });

  it("serves the site's generic card, and logs it, when a card cannot be made", async () => {
    writeFileSync(join(uploads, 'broken-1600.webp'), 'no es una imagen');
    const event = await createEvent({
      name: 'Evento con foto dañada',
      imageCover: ['/uploads/broken-1600.webp'],
    });
    const response = await get(`/og/evento/${event.slug}.jpg`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(Buffer.compare(response.rawPayload, generic)).toBe(0);
    expect(jpegSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(logged.join('\n')).toContain('share card not made');
  });

  it("answers 404 for an unknown slug, a wrong address, and a draft's card to anyone but staff", async () => {
    expect((await get('/og/evento/no-existe.jpg')).statusCode).toBe(404);
    expect((await get('/og/noticia/no-existe.jpg')).statusCode).toBe(404);
    expect((await get('/og/evento/..%2F..%2Fsite.jpg')).statusCode).toBe(404);
    const event = await createEvent({ name: 'Borrador de evento', status: 'draft' });
    expect((await get(`/og/evento/${event.slug}.png`)).statusCode).toBe(404);
    expect((await get(`/og/evento/${event.slug}.jpg`)).statusCode).toBe(404);
    const staff = await admin.request('GET', `/og/evento/${event.slug}.jpg`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-store');
    expect(jpegSize(staff.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it("answers a news item's card", async () => {
    const photo = await writePhoto(uploads, 'd4e5f6-1600.webp');
    const created = await admin.request('POST', '/api/news/create', {
      news: {
        name: 'Nueva red de mentoras',
        address: 'Monterrey',
        description: '<p>Texto</p>',
        images: [photo],
      },
    });
    const { slug } = created.json<{ data: { slug: string } }>().data;
    const response = await get(`/og/noticia/${slug}.jpg`);
    expect(response.statusCode).toBe(200);
    expect(jpegSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(response.rawPayload.length).toBeLessThan(SHARE_CARD.maxBytes);
  });

  it('lets staff choose between the composed card and the photo as it is, kept per entry', async () => {
    const photo = await writePhoto(uploads, 'f7a8b9-1600.webp');
    const event = await createEvent({
      name: 'Visita a parque eólico',
      imageCover: [photo],
      imageDescriptions: { [photo]: 'Aerogeneradores al atardecer' },
    });
    const path = adminPaths.shareCard('events', event.id);
    const before = await admin.request('GET', path);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({
      mode: 'card',
      public: true,
      hasPhoto: true,
      alt: 'Aerogeneradores al atardecer',
    });
    const card = await get(before.json().data.src);
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    expect((await admin.request('PUT', path, { mode: 'ninguno' })).statusCode).toBe(400);
    expect((await new Browser(t.app).request('PUT', path, { mode: 'photo' })).statusCode).toBe(401);
    const chosen = await admin.request('PUT', path, { mode: 'photo' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.mode).toBe('photo');
    expect(chosen.json().data.src).not.toBe(before.json().data.src);
    expect((await admin.request('GET', path)).json().data.mode).toBe('photo');
    const asPhoto = await get(`/og/evento/${event.slug}.jpg`);
    expect(asPhoto.headers['content-type']).toBe('image/jpeg');
    expect(jpegSize(asPhoto.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.compare(asPhoto.rawPayload, card.rawPayload)).not.toBe(0);
    expect((await admin.request('GET', adminPaths.shareCard('news', event.id))).statusCode).toBe(404);
  });
});
