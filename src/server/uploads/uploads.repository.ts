import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UploadsTable } from '../db/schema.ts';

/** Where uploaded files are served; every variant's name is `<content hash>-<width>.webp`. */
export const UPLOADS_URL_PREFIX = '/uploads/';
const UPLOAD_URL = /\/uploads\/([0-9a-f]{20}-\d+\.webp)/g;

export interface UploadRow {
  id: string;
  src: string;
  width: number;
  height: number;
  srcset: { url: string; width: number }[];
  originalName: string;
  createdAt: string;
  used: boolean;
}

export interface NewUpload {
  adminId: string | null;
  originalName: string;
  src: string;
  width: number;
  height: number;
  srcset: { url: string; width: number }[];
}

const srcsetOf = (row: Pick<Selectable<UploadsTable>, 'srcset'>) =>
  JSON.parse(row.srcset) as { url: string; width: number }[];

/** Records an upload whose files are stored; answers its id. */
export async function recordUpload(db: Kysely<Database>, upload: NewUpload): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('uploads')
    .values({
      id,
      admin_id: upload.adminId,
      original_name: upload.originalName.slice(0, 255),
      width: upload.width,
      height: upload.height,
      src: upload.src,
      srcset: JSON.stringify(upload.srcset),
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

/** The upload files that some event, news item or partner points at, by file name. */
export async function referencedFiles(db: Kysely<Database>): Promise<Set<string>> {
  const [events, news, partners] = await Promise.all([
    db.selectFrom('events').select(['images', 'image_cover', 'description']).execute(),
    db.selectFrom('news').select(['images', 'description']).execute(),
    db.selectFrom('partners').select(['images']).execute(),
  ]);
  const found = new Set<string>();
  for (const row of [...events, ...news, ...partners]) {
    for (const text of Object.values(row)) {
      for (const match of String(text).matchAll(UPLOAD_URL)) found.add(match[1]!);
    }
  }
  return found;
}

export const fileNamesOf = (srcset: { url: string }[]) =>
  srcset.flatMap((entry) => [...entry.url.matchAll(UPLOAD_URL)].map((match) => match[1]!));

/** The uploads, newest first, each marked used when any of its widths appears in the content. */
export async function listUploads(
  db: Kysely<Database>,
  options: { unusedOnly?: boolean; limit: number },
): Promise<UploadRow[]> {
  const [rows, referenced] = await Promise.all([
    db.selectFrom('uploads').selectAll().orderBy('created_at', 'desc').orderBy('id').execute(),
    referencedFiles(db),
  ]);
  const uploads = rows.map((row) => {
    const srcset = srcsetOf(row);
    return {
      id: row.id,
      src: row.src,
      width: row.width,
      height: row.height,
      srcset,
      originalName: row.original_name,
      createdAt: row.created_at,
      used: fileNamesOf(srcset).some((name) => referenced.has(name)),
    };
  });
  return (options.unusedOnly ? uploads.filter((upload) => !upload.used) : uploads).slice(0, options.limit);
}

export type RemoveUploadResult =
  { outcome: 'missing' } | { outcome: 'in-use' } | { outcome: 'removed'; orphanFiles: string[] };

/**
 * Removes an upload that nothing uses. The files it leaves orphaned are named for the caller to
 * delete: another upload of the very same bytes shares its files and keeps them.
 */
export async function removeUnusedUpload(db: Kysely<Database>, id: string): Promise<RemoveUploadResult> {
  const row = await db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return { outcome: 'missing' };
  const names = fileNamesOf(srcsetOf(row));
  const referenced = await referencedFiles(db);
  if (names.some((name) => referenced.has(name))) return { outcome: 'in-use' };
  const deleted = await db.deleteFrom('uploads').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return { outcome: 'missing' };
  const others = await db.selectFrom('uploads').select('srcset').execute();
  const kept = new Set(others.flatMap((other) => fileNamesOf(srcsetOf(other))));
  return { outcome: 'removed', orphanFiles: names.filter((name) => !kept.has(name)) };
}
