import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, IdParamSchema, dataEnvelope } from '../../shared/schemas.ts';
import { UploadSchema, UploadsQuerySchema, listEnvelope } from '../../shared/admin-schemas.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import {
  MAX_INPUT_PIXELS,
  UPLOAD_MAX_BYTES,
  TooManyPixelsError,
  UnreadableImageError,
  processImage,
  sniffImage,
  type ProcessedImage,
} from './image-processing.ts';
import { createUploadQueue } from './upload-queue.ts';
import { UPLOADS_URL_PREFIX, listUploads, recordUpload, removeUnusedUpload } from './uploads.repository.ts';
import { apiRoutes } from '../../shared/api-paths.ts';

const ONE_YEAR = 31_536_000;
const DEFAULT_WIDTH = 960;
/** Uploads that may wait while one is processed; more are told to retry. */
const UPLOADS_WAITING = 2;
const RETRY_AFTER_SECONDS = 5;

const tooLarge = () =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', 'La imagen pesa más de 8 MB. Redúcela e inténtalo de nuevo.');
const unreadableForm = () =>
  new HttpError(
    400,
    'INVALID_MULTIPART',
    'El envío llegó incompleto o mal formado. Vuelve a subir la imagen.',
    {
      file: 'Vuelve a subir la imagen',
    },
  );
const busy = () =>
  new HttpError(
    429,
    'UPLOADS_BUSY',
    'Ya hay otras imágenes procesándose. Espera unos segundos e inténtalo de nuevo.',
  );
const tooManyPixels = () =>
  new HttpError(
    413,
    'IMAGE_TOO_LARGE',
    `La imagen tiene más de ${MAX_INPUT_PIXELS / 1_000_000} megapíxeles. Redúcela e inténtalo de nuevo.`,
  );
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

async function readFile(request: FastifyRequest): Promise<{ buffer: Buffer; fileName: string }> {
  try {
    const file = await request.file();
    if (!file)
      throw new HttpError(400, 'VALIDATION_ERROR', 'Adjunta una imagen.', { file: 'Adjunta una imagen' });
    return { fileName: file.filename, buffer: await file.toBuffer() };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { statusCode?: number }).statusCode === 413) throw tooLarge();
    // A body with no boundary, or cut short, is the sender's fault, whatever the parser calls it.
    request.log.info({ err: error }, 'unreadable multipart body');
    throw unreadableForm();
  }
}

async function decode(request: FastifyRequest, buffer: Buffer): Promise<ProcessedImage> {
  try {
    return await processImage(buffer);
  } catch (error) {
    if (error instanceof TooManyPixelsError) throw tooManyPixels();
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
}

/** POST /api/uploads (admin): an image in, WebP widths out, one at a time per instance. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = uploadDirOf(app);
  const queue = createUploadQueue({ maxWaiting: UPLOADS_WAITING });
  mkdirSync(dir, { recursive: true });
  // Only this context parses multipart; the rest of the API stays JSON only.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 200 },
  });

  app.post(
    apiRoutes.upload,
    {
      schema: { response: { 201: dataEnvelope(UploadSchema), 413: ApiErrorSchema, 415: ApiErrorSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw notAnImage();
      const ticket = queue.enter();
      if (!ticket) {
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw busy();
      }
      try {
        const { buffer, fileName } = await readFile(request);
        if (!sniffImage(buffer.subarray(0, 16))) throw notAnImage();
        await ticket.turn();
        const stored = await store(dir, await decode(request, buffer));
        const adminId = request.session.get('adminId') ?? null;
        const id = await recordUpload(app.db, { adminId, originalName: fileName, ...stored });
        return reply.code(201).send({ data: { id, ...stored } });
      } finally {
        ticket.release();
      }
    },
  );

  app.get(
    apiRoutes.uploads,
    {
      schema: { querystring: UploadsQuerySchema, response: { 200: listEnvelope(UploadSchema) } },
    },
    async (request) => {
      const data = await listUploads(app.db, { unusedOnly: request.query.unused === true, limit: 500 });
      return { data, total: data.length };
    },
  );

  app.delete(
    apiRoutes.uploadItem,
    {
      schema: {
        params: IdParamSchema,
        response: {
          200: dataEnvelope(z.object({ id: z.string() })),
          404: ApiErrorSchema,
          409: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // In the uploads' line too, so a file is never removed while an upload of the same bytes is stored.
      const ticket = queue.enter();
      if (!ticket) {
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
        throw busy();
      }
      try {
        await ticket.turn();
        const result = await removeUnusedUpload(app.db, request.params.id);
        if (result.outcome === 'missing') throw notFound();
        if (result.outcome === 'in-use') {
          throw new HttpError(
            409,
            'UPLOAD_IN_USE',
            'Esta imagen aparece en un evento, una noticia o una socia. Quítala de ahí antes de eliminarla.',
          );
        }
        for (const name of result.orphanFiles) await rm(join(dir, name), { force: true });
        return { data: { id: request.params.id } };
      } finally {
        ticket.release();
      }
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
