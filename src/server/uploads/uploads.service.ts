import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { HttpError } from '../plugins/errors.ts';
import {
  MAX_INPUT_PIXELS,
  TooManyPixelsError,
  UnreadableImageError,
  processImage,
  sniffImage,
  type ProcessedImage,
} from './image-processing.ts';
import { createUploadQueue, type UploadTicket } from './upload-queue.ts';
import {
  UPLOADS_URL_PREFIX,
  deleteUpload,
  fileNamesOf,
  findUpload,
  listUploads,
  recordUpload,
  referencedFiles,
  storedFileNames,
} from './uploads.repository.ts';

/** The width an image is shown at where no srcset chooses one. */
const DEFAULT_WIDTH = 960;
/** Uploads that may wait while one is processed; more are told to retry. */
const UPLOADS_WAITING = 2;
/** The most uploads the admin's list shows. */
const LIST_LIMIT = 500;

export const notAnImage = () =>
  new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Solo se aceptan imágenes JPEG, PNG o WebP.');

export const uploadDirOf = (app: FastifyInstance) => resolve(app.config.uploadDir ?? 'data/uploads');

/** An image's widths written under their names (a file already there holds these very bytes). */
async function store(dir: string, image: ProcessedImage) {
  for (const variant of image.variants) {
    const target = join(dir, variant.fileName);
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

/** The image converted, or the refusal: too many pixels (413) or not readable as an image (415). */
async function decode(log: FastifyBaseLogger, buffer: Buffer): Promise<ProcessedImage> {
  try {
    return await processImage(buffer);
  } catch (error) {
    if (error instanceof TooManyPixelsError) {
      throw new HttpError(
        413,
        'IMAGE_TOO_LARGE',
        `La imagen tiene más de ${MAX_INPUT_PIXELS / 1_000_000} megapíxeles. Redúcela e inténtalo de nuevo.`,
      );
    }
    if (error instanceof UnreadableImageError) {
      log.warn({ err: error }, 'uploaded image could not be decoded');
      throw new HttpError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'No pudimos leer la imagen; el archivo parece dañado.',
      );
    }
    throw error;
  }
}

/**
 * The admin's images: each upload converted to WebP widths, stored under its content's hash and
 * recorded; listed with whether the content shows them; removed, with the files no other upload
 * shares, only while nothing shows them. Uploads and removals take their turn in one line per
 * instance (upload-queue.ts), so a file is never removed while an upload of the same bytes is stored.
 */
export function uploadsService(app: FastifyInstance) {
  const dir = uploadDirOf(app);
  mkdirSync(dir, { recursive: true });
  const queue = createUploadQueue({ maxWaiting: UPLOADS_WAITING });

  return {
    /** A place in the uploads' line, or undefined when the line is full. Release it in every case. */
    enter: (): UploadTicket | undefined => queue.enter(),

    /** An image in (415 for anything else), its widths out, once it is this upload's turn. */
    async add(
      ticket: UploadTicket,
      file: { buffer: Buffer; fileName: string },
      adminId: string | null,
      log: FastifyBaseLogger,
    ) {
      if (!sniffImage(file.buffer.subarray(0, 16))) throw notAnImage();
      await ticket.turn();
      const stored = await store(dir, await decode(log, file.buffer));
      const id = await recordUpload(app.db, { adminId, originalName: file.fileName, ...stored });
      return { id, ...stored };
    },

    /** The uploads, newest first, each marked used when any of its widths appears in the content. */
    async list(unusedOnly: boolean) {
      const [uploads, referenced] = await Promise.all([listUploads(app.db), referencedFiles(app.db)]);
      const marked = uploads.map((upload) => ({
        ...upload,
        used: fileNamesOf(upload.srcset).some((name) => referenced.has(name)),
      }));
      return (unusedOnly ? marked.filter((upload) => !upload.used) : marked).slice(0, LIST_LIMIT);
    },

    /**
     * Removes an upload that nothing shows (409 otherwise) and the files it leaves orphaned: another
     * upload of the very same bytes shares its files and keeps them. Undefined for an unknown one.
     */
    async remove(ticket: UploadTicket, id: string) {
      await ticket.turn();
      const orphans = await app.db.transaction().execute(async (trx) => {
        const upload = await findUpload(trx, id);
        if (!upload) return undefined;
        const names = fileNamesOf(upload.srcset);
        const referenced = await referencedFiles(trx);
        if (names.some((name) => referenced.has(name))) {
          throw new HttpError(
            409,
            'UPLOAD_IN_USE',
            'Esta imagen aparece en un evento, una noticia o una socia. Quítala de ahí antes de eliminarla.',
          );
        }
        if (!(await deleteUpload(trx, id))) return undefined;
        const kept = await storedFileNames(trx);
        return names.filter((name) => !kept.has(name));
      });
      if (!orphans) return undefined;
      for (const name of orphans) await rm(join(dir, name), { force: true });
      return { id };
    },
  };
}
