import { mkdirSync } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UploadSchema, UploadsQuerySchema, listEnvelope } from '../../shared/admin-schemas.ts';
import { apiRoutes } from '../../shared/api-paths.ts';
import { ApiErrorSchema, dataEnvelope } from '../../shared/schemas.ts';
import { DeletedSchema, found, recordSchema } from '../lib/route-helpers.ts';
import { HttpError } from '../plugins/errors.ts';
import { UPLOAD_MAX_BYTES } from './image-processing.ts';
import type { UploadTicket } from './upload-queue.ts';
import { UPLOADS_URL_PREFIX } from './uploads.repository.ts';
import { notAnImage, uploadDirOf, uploadsService } from './uploads.service.ts';

const ONE_YEAR = 31_536_000;
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

/** POST /api/uploads (admin): an image in, WebP widths out, one at a time per instance. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = uploadsService(app);
  // Only this context parses multipart; the rest of the API stays JSON only.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, headerPairs: 200 },
  });

  /** Runs `work` with a place in the uploads' line, or answers 429 with Retry-After when it is full. */
  const inLine = async <T>(reply: FastifyReply, work: (ticket: UploadTicket) => Promise<T>) => {
    const ticket = uploads.enter();
    if (!ticket) {
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw busy();
    }
    try {
      return await work(ticket);
    } finally {
      ticket.release();
    }
  };

  app.post(
    apiRoutes.upload,
    {
      schema: { response: { 201: dataEnvelope(UploadSchema), 413: ApiErrorSchema, 415: ApiErrorSchema } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw notAnImage();
      const adminId = request.session.get('adminId') ?? null;
      const upload = await inLine(reply, async (ticket) =>
        uploads.add(ticket, await readFile(request), adminId, request.log),
      );
      return reply.code(201).send({ data: upload });
    },
  );

  app.get(
    apiRoutes.uploads,
    { schema: { querystring: UploadsQuerySchema, response: { 200: listEnvelope(UploadSchema) } } },
    async (request) => {
      const data = await uploads.list(request.query.unused === true);
      return { data, total: data.length };
    },
  );

  app.delete(apiRoutes.uploadItem, { schema: recordSchema(DeletedSchema, 409) }, async (request, reply) => ({
    data: found(await inLine(reply, (ticket) => uploads.remove(ticket, request.params.id))),
  }));
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
