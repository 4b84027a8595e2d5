import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { UploadSchema, listEnvelope } from '../../shared/admin-schemas.ts';
import { HttpError } from '../plugins/errors.ts';
import {
  UPLOAD_MAX_BYTES,
  UnreadableImageError,
  processImage,
  sniffImage,
  type ProcessedImage,
} from './image-processing.ts';

export const UPLOADS_URL_PREFIX = '/uploads/';
const ONE_YEAR = 31_536_000;
const DEFAULT_WIDTH = 960;

const tooLarge = () =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', 'La imagen pesa más de 8 MB. Redúcela e inténtalo de nuevo.');
const notAnImage = () =>
  new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Solo se aceptan imágenes JPEG, PNG o WebP.');

export const uploadDirOf = (app: FastifyInstance) => resolve(app.config.uploadDir ?? 'data/uploads');

async function store(dir: string, image: ProcessedImage) {
  for (const variant of image.variants) {
    const target = join(dir, variant.fileName);
    // The name is the content's hash: a file already there holds these very bytes.
    if (await stat(target).catch(() => undefined)) continue;
    const partial = `${target}.${randomUUID()}.part`;
    await writeFile(partial, variant.data);
    await rename(partial, target);
  }
  const srcset = image.variants.map((variant) => ({
    url: UPLOADS_URL_PREFIX + variant.fileName,
    width: variant.width,
  }));
  const main = srcset.filter((entry) => entry.width <= DEFAULT_WIDTH).at(-1) ?? srcset[0]!;
  return { src: main.url, width: image.width, height: image.height, srcset };
}

/** POST /api/uploads (admin): an image in, WebP widths out. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = uploadDirOf(app);
  mkdirSync(dir, { recursive: true });
  // Only this context parses multipart; the rest of the API stays JSON only.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 200 },
  });

  app.post(
    '/uploads',
    {
      onRequest: app.requireAdmin,
      schema: { response: { 201: dataEnvelope(UploadSchema), 413: ApiErrorSchema, 415: ApiErrorSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw notAnImage();
      let buffer: Buffer;
      let fileName: string;
      try {
        const file = await request.file();
        if (!file)
          throw new HttpError(400, 'VALIDATION_ERROR', 'Adjunta una imagen.', { file: 'Adjunta una imagen' });
        fileName = file.filename;
        buffer = await file.toBuffer();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
        throw error;
      }
      if (!sniffImage(buffer.subarray(0, 16))) throw notAnImage();
      let image: ProcessedImage;
      try {
        image = await processImage(buffer);
      } catch (error) {
        if (error instanceof UnreadableImageError) {
          request.log.warn({ err: error }, 'uploaded image could not be decoded');
          throw new HttpError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'No pudimos leer la imagen; el archivo parece dañado.',
          );
        }
        throw error;
      }
      const stored = await store(dir, image);
      const row = {
        id: randomUUID(),
        admin_id: request.session.get('adminId') ?? null,
        original_name: fileName.slice(0, 255),
        width: stored.width,
        height: stored.height,
        src: stored.src,
        srcset: JSON.stringify(stored.srcset),
        created_at: new Date().toISOString(),
      };
      await app.db.insertInto('uploads').values(row).execute();
      return reply.code(201).send({ data: { id: row.id, ...stored } });
    },
  );

  app.get(
    '/admin/uploads',
    { onRequest: app.requireAdmin, schema: { response: { 200: listEnvelope(UploadSchema) } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await app.db
        .selectFrom('uploads')
        .selectAll()
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute();
      return {
        data: rows.map((row) => ({
          id: row.id,
          src: row.src,
          width: row.width,
          height: row.height,
          srcset: JSON.parse(row.srcset) as { url: string; width: number }[],
          originalName: row.original_name,
          createdAt: row.created_at,
        })),
        total: rows.length,
      };
    },
  );
};

/** /uploads/*: the files never change under their name, so browsers may keep them a year. */
export async function serveUploads(app: FastifyInstance): Promise<void> {
  const dir = uploadDirOf(app);
  mkdirSync(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: UPLOADS_URL_PREFIX,
    index: false,
    decorateReply: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('Cache-Control', `public, max-age=${ONE_YEAR}, immutable`);
    },
  });
}
